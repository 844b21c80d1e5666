// The client's working part, loaded with the endpoints' schemas on the first call (or warmed before
// it): a chunk of its own, so a public page's first load carries neither zod nor the schemas.
import { requestOf, type QueryValue } from '@atelier/contract/pure';
import { endpoints, type AnswerOf, type CallInput, type EndpointName, type JsonName } from '@atelier/contract/endpoints';
import type { ZodType } from 'zod';
import { ApiError } from './api-errors.ts';

/** An answer that does not match its endpoint's schema: reported, never handed to a screen (which shows its fallback message). */
export class AnswerMismatchError extends ApiError {
  readonly endpoint: string;
  readonly issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>;
  constructor(endpoint: string, status: number, issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) {
    super(status, `${endpoint}: the answer does not match its schema`, false);
    this.endpoint = endpoint;
    this.issues = issues;
  }
}

/** Every answer that failed its schema, for whoever looks (the console, and the e2e tests). */
export function report(error: AnswerMismatchError): void {
  console.error(error.message, error.issues);
  if (typeof window !== 'undefined') {
    const seen = ((window as { __apiMismatches?: string[] }).__apiMismatches ??= []);
    seen.push(error.endpoint);
  }
}

export function target<K extends EndpointName>(name: K, input: CallInput<K> | undefined): { method: string; url: string } {
  const query = { ...(input?.query as Record<string, QueryValue> | undefined), ...(input?.lang ? { lang: input.lang } : {}) };
  return requestOf(name, input?.params as Record<string, string | number> | undefined, query);
}

export async function failure(response: Response): Promise<ApiError> {
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    data = undefined;
  }
  const message = (data as { error?: unknown } | undefined)?.error;
  if (typeof message === 'string' && message) return new ApiError(response.status, message, true, data as Record<string, unknown>);
  return new ApiError(response.status, `Request failed with status ${response.status}`, false);
}

/** One JSON call; `token` signs it in. Resolves with the answer once checked, or throws `ApiError`. */
export async function send<K extends JsonName>(name: K, input?: CallInput<K>, token?: string | null): Promise<AnswerOf<K>> {
  const { method, url } = target(name, input);
  const headers: Record<string, string> = { accept: 'application/json', ...input?.headers };
  if (input?.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(url, { method, headers, body: input?.body === undefined ? undefined : JSON.stringify(input.body), signal: input?.signal });
  if (!response.ok) throw await failure(response);
  const total = response.headers.get('x-total-count');
  if (total !== null && input?.onTotal) input.onTotal(Number(total));
  const spec = endpoints[name] as { response?: ZodType };
  if (!spec.response) return undefined as AnswerOf<K>;
  let data: unknown;
  try {
    data = response.status === 204 ? undefined : await response.json();
  } catch {
    data = undefined;
  }
  const checked = spec.response.safeParse(data);
  if (!checked.success) {
    const error = new AnswerMismatchError(name, response.status, checked.error.issues);
    report(error);
    throw error;
  }
  return checked.data as AnswerOf<K>;
}
