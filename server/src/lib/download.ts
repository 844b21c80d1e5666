import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A file the browser saves: its type, and `attachment` with its (ASCII) name. */
export function sendAttachment(reply: FastifyReply, contentType: string, filename: string, body: string | Buffer | Readable): FastifyReply {
  return reply.header('content-type', contentType).header('content-disposition', `attachment; filename="${filename}"`).send(body);
}

export const CSV_TYPE = 'text/csv; charset=utf-8';
