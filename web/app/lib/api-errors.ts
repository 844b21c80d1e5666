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
