import type { Locale } from '@atelier/contract';
import { sentenceIn } from './messages.ts';

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

  /** The whole sentence in `locale`: the message, written from its code, then its specifics. */
  said(locale: Locale): string {
    const detail = this.detailIn(locale);
    const message = sentenceIn(this.message, locale);
    return detail ? `${message} ${detail}` : message;
  }
}

/** What a command-line tool prints for a failure: an HttpError's whole sentence in English, else the error's message. */
export function errorText(err: unknown): string {
  return err instanceof HttpError ? err.said('en') : err instanceof Error ? err.message : String(err);
}
