import { API_ERRORS, isKnownMessage, localizeMessage } from '@atelier/contract';
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

/** Every error becomes `{ "error": "sentence" }` in the caller's language, with its status; a 500 is logged with its stack and says nothing more. */
export const errorAnswers = fp(
  async (app: FastifyInstance, { metrics }: { metrics: Metrics | null | undefined }) => {
    app.setErrorHandler((error, request, reply) => {
      const locale = requestLocale(request);
      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0];
        const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
        const message = first?.message ?? 'Invalid request.';
        // Our own messages are whole sentences; zod's generic ones get the field name.
        const localized = localizeMessage(message, locale);
        return reply.code(400).send({ error: field && !isKnownMessage(message) ? `${field}: ${localized}` : localized });
      }
      if (error instanceof HttpError) {
        if (error.status === 429) {
          request.log.warn({ event: 'rate_limited', route: request.routeOptions.url, ip: request.ip }, 'request refused by rate limit');
          metrics?.denied(request.routeOptions.url ?? 'unmatched');
        }
        for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
        const message = localizeMessage(error.message, locale);
        const detail = error.detailIn(locale);
        return reply.code(error.status).send({ ...error.extra, error: detail ? `${message} ${detail}` : message });
      }
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.code(status).send({ error: localizeMessage(CLIENT_ERRORS[status] ?? ((error as Error).message || 'Invalid request.'), locale) });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ error: localizeMessage(API_ERRORS.internal, locale) });
    });
  },
  { name: 'error-answers' },
);
