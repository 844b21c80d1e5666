/** An error whose message is safe to show the client, with its HTTP status. */
export class HttpError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  /** Said after the (translated) message: the specifics, already in the caller's language. */
  readonly detail: string | undefined;
  /** Fields the body carries beside `error` (e.g. `reauth: true`). */
  readonly extra: Record<string, unknown>;
  constructor(status: number, message: string, headers: Record<string, string> = {}, detail?: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
    this.detail = detail;
    this.extra = extra;
  }
}
