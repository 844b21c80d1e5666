// What a failed call throws (kept apart so the lazily loaded client and the screens share it without a loop).
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

/** The message to show: the server's when it sent one, else the screen's own fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.fromServer) return error.message;
  return fallback;
}

/**
 * The server's problems by field (issue 56): `{ discount: '…' }` from a 400 or 422's
 * `errors: [{ field: '/discount', code, message }]`, in the order it gave them (the first is focused).
 */
export function fieldErrors(error: unknown): Record<string, string> {
  const list = error instanceof ApiError ? error.body.errors : undefined;
  if (!Array.isArray(list)) return {};
  const found: Record<string, string> = {};
  for (const problem of list as Array<{ field?: unknown; message?: unknown }>) {
    if (typeof problem.field !== 'string' || typeof problem.message !== 'string') continue;
    const key = problem.field.replace(/^\//, '').replace(/\//g, '.');
    found[key] ??= problem.message;
  }
  return found;
}

/** Moves focus to the first field a form's answer refused (its element's id is `prefix` + the field). */
export function focusFirstInvalid(invalid: Record<string, string>, prefix: string): void {
  const first = Object.keys(invalid)[0];
  if (first) requestAnimationFrame(() => document.getElementById(`${prefix}${first}`)?.focus());
}
