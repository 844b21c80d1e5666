import { API_ERRORS, fieldsOf, isKnownMessage, localizeMessage, type FieldError, type Locale } from '@atelier/contract';
import { messageCode } from './message-codes.ts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-errors.ts';
import { requestLocale } from '../lib/locale.ts';
import type { Metrics } from '../platform/metrics.ts';

const CLIENT_ERRORS: Record<number, string> = {
  413: 'The request body is too large.',
  415: 'This content type is not accepted.',
};

/**
 * A 400 or 422's problems with their fields (issue 56): those the service listed (`errors` in its extra),
 * else the fields its sentence names before its colon; nothing when it names none.
 */
function fieldErrorsOf(error: HttpError, locale: Locale): { errors?: FieldError[] } {
  const listed =
    (error.extra.errors as Array<{ field: string; message: string }> | undefined) ??
    fieldsOf(error.message).map((field) => ({ field, message: error.message }));
  if (listed.length === 0) return {};
  return { errors: listed.map((p) => ({ field: p.field, code: messageCode(p.message) ?? 'invalid', message: localizeMessage(p.message, locale) })) };
}

/** Every error becomes `{ "error": "sentence" }` in the caller's language, with its status; a 500 is logged with its stack and says nothing more. */
export const errorAnswers = fp(
  async (app: FastifyInstance, { metrics }: { metrics: Metrics | null | undefined }) => {
    app.setErrorHandler((error, request, reply) => {
      const locale = requestLocale(request);
      if (hasZodFastifySchemaValidationErrors(error)) {
        // Our own messages are whole sentences; zod's generic ones get the field name.
        const sentence = (issue: (typeof error.validation)[number]) => {
          const field = issue.instancePath?.replace(/^\//, '').replace(/\//g, '.');
          const message = issue.message ?? 'Invalid request.';
          const localized = localizeMessage(message, locale);
          return field && !isKnownMessage(message) ? `${field}: ${localized}` : localized;
        };
        const errors = error.validation.slice(0, 50).map((issue) => ({
          field: issue.instancePath || '/',
          code: messageCode(issue.message ?? '') ?? String(issue.keyword ?? 'invalid'),
          message: sentence(issue),
        }));
        const first = error.validation[0];
        return reply.code(400).send({
          error: first ? sentence(first) : localizeMessage('Invalid request.', locale),
          ...(first && messageCode(first.message ?? '') ? { code: messageCode(first.message ?? '') } : {}),
          errors,
        });
      }
      if (error instanceof HttpError) {
        if (error.status === 429) {
          request.log.warn({ event: 'rate_limited', route: request.routeOptions.url, ip: request.ip }, 'request refused by rate limit');
          metrics?.denied(request.routeOptions.url ?? 'unmatched');
        }
        for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
        const message = localizeMessage(error.message, locale);
        const detail = error.detailIn(locale);
        const code = messageCode(error.message);
        return reply.code(error.status).send({
          ...error.extra,
          error: detail ? `${message} ${detail}` : message,
          ...(code ? { code } : {}),
          ...(error.status === 422 || error.status === 400 ? fieldErrorsOf(error, locale) : {}),
        });
      }
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const sentence = CLIENT_ERRORS[status] ?? ((error as Error).message || 'Invalid request.');
        const code = messageCode(sentence);
        return reply.code(status).send({ error: localizeMessage(sentence, locale), ...(code ? { code } : {}) });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ error: localizeMessage(API_ERRORS.internal, locale), code: messageCode(API_ERRORS.internal) });
    });
  },
  { name: 'error-answers' },
);
