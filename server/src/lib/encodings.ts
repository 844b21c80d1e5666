import negotiate from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip';

/** Bodies smaller than this go as they are (the compression plugin is registered with it too). */
export const COMPRESS_FROM_BYTES = 1024;

/** The best of `offered` that the request accepts (Accept-Encoding, q-values honoured), or null. */
export function acceptedEncoding(request: FastifyRequest, offered: Encoding[]): Encoding | null {
  const header = request.headers['accept-encoding'];
  return header ? negotiate(header, offered) : null;
}
