import type { Locale } from '@atelier/contract';

/** The specifics said after an error's message: text already in the caller's language, or words chosen when the answer is made. */
export type ErrorDetail = string | ((locale: Locale) => string);

/** An error whose message is safe to show the client, with its HTTP status. */
export class HttpError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  /** Said after the (translated) message. */
  readonly detail: ErrorDetail | undefined;
  /** Fields the body carries beside `error` (e.g. `reauth: true`). */
  readonly extra: Record<string, unknown>;
  constructor(status: number, message: string, headers: Record<string, string> = {}, detail?: ErrorDetail, extra: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
    this.detail = detail;
    this.extra = extra;
  }

  /** The specifics in `locale`. */
  detailIn(locale: Locale): string | undefined {
    return typeof this.detail === 'function' ? this.detail(locale) : this.detail;
  }
}
