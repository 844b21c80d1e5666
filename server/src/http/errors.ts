import { API_ERRORS, type FieldError, type Locale } from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-errors.ts';
import { requestLocale } from '../lib/locale.ts';
import { fieldsOfCode, isMessageCode, sentenceIn } from '../lib/messages.ts';
import type { Metrics } from '../platform/metrics.ts';

const CLIENT_ERRORS: Record<number, string> = {
  413: API_ERRORS.bodyTooLarge,
  415: API_ERRORS.contentTypeRefused,
};

/** The code of one of the API's own sentences, for the answer's `code`. */
const codeOf = (text: string) => (isMessageCode(text) ? text : undefined);

/**
 * A 400 or 422's problems with their fields (issue 56): those the service listed (`errors` in its extra),
 * else the fields its sentence names before its colon; nothing when it names none.
 */
function fieldErrorsOf(error: HttpError, locale: Locale): { errors?: FieldError[] } {
  const listed =
    (error.extra.errors as Array<{ field: string; message: string }> | undefined) ??
    fieldsOfCode(error.message).map((field) => ({ field, message: error.message }));
  if (listed.length === 0) return {};
  return { errors: listed.map((p) => ({ field: p.field, code: codeOf(p.message) ?? 'invalid', message: sentenceIn(p.message, locale) })) };
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
          const message = issue.message ?? API_ERRORS.invalidRequest;
          const localized = sentenceIn(message, locale);
          return field && !isMessageCode(message) ? `${field}: ${localized}` : localized;
        };
        const errors = error.validation.slice(0, 50).map((issue) => ({
          field: issue.instancePath || '/',
          code: codeOf(issue.message ?? '') ?? String(issue.keyword ?? 'invalid'),
          message: sentence(issue),
        }));
        const first = error.validation[0];
        return reply.code(400).send({
          error: first ? sentence(first) : sentenceIn(API_ERRORS.invalidRequest, locale),
          ...(first && codeOf(first.message ?? '') ? { code: first.message } : {}),
          errors,
        });
      }
      if (error instanceof HttpError) {
        if (error.status === 429) {
          request.log.warn({ event: 'rate_limited', route: request.routeOptions.url, ip: request.ip }, 'request refused by rate limit');
          metrics?.denied(request.routeOptions.url ?? 'unmatched');
        }
        for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
        const code = codeOf(error.message);
        return reply.code(error.status).send({
          ...error.extra,
          error: error.said(locale),
          ...(code ? { code } : {}),
          ...(error.status === 422 || error.status === 400 ? fieldErrorsOf(error, locale) : {}),
        });
      }
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const sentence = CLIENT_ERRORS[status] ?? ((error as Error).message || API_ERRORS.invalidRequest);
        const code = codeOf(sentence);
        return reply.code(status).send({ error: sentenceIn(sentence, locale), ...(code ? { code } : {}) });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ error: sentenceIn(API_ERRORS.internal, locale), code: API_ERRORS.internal });
    });
  },
  { name: 'error-answers' },
);
