import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

/** The test certificate (localhost, 127.0.0.1, ::1; its own authority): give OUTBOUND_CA_FILE this path. */
export const TEST_CA_FILE = path.join(import.meta.dirname, 'tls', 'localhost.crt');
const KEY_FILE = path.join(import.meta.dirname, 'tls', 'localhost.key');

export interface Received {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The statuses the next requests get, in order; then `fallback`. */
  answers: number[];
  fallback: number;
  /** Holds every answer this long (a slow endpoint). */
  delayMs: number;
  close(): Promise<void>;
}

/** A local https endpoint, as a webhook consumer would run one. */
export async function startReceiver(): Promise<Receiver> {
  const state: Receiver = { url: '', received: [], answers: [], fallback: 204, delayMs: 0, close: async () => {} };
  const server = https.createServer({ key: fs.readFileSync(KEY_FILE), cert: fs.readFileSync(TEST_CA_FILE) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
      state.received.push({ method: req.method ?? '', path: req.url ?? '', headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = state.answers.shift() ?? state.fallback;
      setTimeout(() => res.writeHead(status, { 'content-type': 'text/plain' }).end('ok'), state.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
