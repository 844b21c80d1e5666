import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { contentSecurityPolicy } from '../lib/csp.ts';
import { COMPRESS_FROM_BYTES } from '../lib/encodings.ts';

/** The security headers of every answer: one content security policy (a page replaces it with its scripts' hashes, web.ts), helmet's others, HSTS over https. */
export const securityHeaders = fp(
  async (app: FastifyInstance, { config, dev }: { config: Config; dev: boolean }) => {
    const policy = contentSecurityPolicy(config, dev).base;
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('content-security-policy', policy);
    });
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: false,
      hsts: config.PUBLIC_URL.startsWith('https:') ? { maxAge: 31536000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    });
  },
  { name: 'security-headers' },
);

/** brotli or gzip for HTML, JSON, JS and CSS (images are already compressed). */
export const compression = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, { global: true, threshold: COMPRESS_FROM_BYTES, encodings: ['br', 'gzip'] });
  },
  { name: 'compression' },
);
