/** The browser's API client (spec §7, §8): JSON, bearer token when given, `{error}` messages. */
export class ApiError extends Error {
  readonly status: number;
  /** True when the server sent its own message (spec §8: it takes priority over our fallback). */
  readonly fromServer: boolean;
  /** The error body's other fields (`reauth`, `mfaSetupRequired`). */
  readonly body: Record<string, unknown>;
  constructor(status: number, message: string, fromServer: boolean, body: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.fromServer = fromServer;
    this.body = body;
  }
}

export class SessionExpiredError extends Error {}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  token?: string | null;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`/api${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const message = (data as { error?: unknown } | undefined)?.error;
    if (typeof message === 'string' && message) throw new ApiError(response.status, message, true, data as Record<string, unknown>);
    throw new ApiError(response.status, `Request failed with status ${response.status}`, false);
  }
  return data as T;
}

/** The message to show: the server's when it sent one, else the screen's own fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.fromServer) return error.message;
  return fallback;
}

