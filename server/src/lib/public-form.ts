import { RETAILER_MESSAGES, explicitLocale, type Locale } from '@atelier/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { requestLocale } from './locale.ts';

/** A public form's rate limit: FORMS_MAX_PER_IP per FORMS_WINDOW_MINUTES, per address. */
export const formRateLimit = (config: Config) => ({ max: config.FORMS_MAX_PER_IP, timeWindow: config.FORMS_WINDOW_MINUTES * 60_000 });

/**
 * A public form's answer: 202 "received" once `keep` has kept it. A filled honeypot (`website`) gets the
 * same answer, so the bot learns nothing, and nothing is kept; the log says so.
 */
export async function receiveForm(
  request: FastifyRequest<{ Body: { website?: string | null; lang?: string | null } }>,
  reply: FastifyReply,
  form: 'application' | 'contact',
  keep: (locale: Locale) => Promise<void>,
) {
  if (request.body.website) {
    request.log.warn({ event: 'honeypot', form, ip: request.ip }, 'form refused by honeypot');
  } else {
    await keep(explicitLocale(request.body.lang ?? undefined) ?? requestLocale(request));
  }
  return reply.code(202).send({ message: RETAILER_MESSAGES.received });
}
