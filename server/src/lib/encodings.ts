import zlib from 'node:zlib';
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

/**
 * Bytes many callers get as they are (a public JSON read, a rendered page): each compressed form is made on
 * first demand, kept with them, and sent to everyone after (no compression per response).
 */
export class EncodedBody {
  readonly body: Buffer;
  private readonly forms = new Map<Encoding, Buffer>();

  constructor(body: Buffer) {
    this.body = body;
  }

  get length(): number {
    return this.body.length;
  }

  /** The body brotli- or gzip-encoded, made on first demand and kept with it. */
  encoded(encoding: Encoding): Buffer {
    let form = this.forms.get(encoding);
    if (!form) {
      form =
        encoding === 'br'
          ? zlib.brotliCompressSync(this.body, {
              params: {
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.body.length,
              },
            })
          : zlib.gzipSync(this.body, { level: 9 });
      this.forms.set(encoding, form);
    }
    return form;
  }
}
