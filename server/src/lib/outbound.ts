import dns from 'node:dns';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import { WEBHOOK_MESSAGES } from '@atelier/contract';
import { HttpError } from './http-errors.ts';

/**
 * Calls the site makes to addresses the owner typed (webhook endpoints, the e-invoicing platform):
 * https only, and never into a private network. The address is checked when it is saved and again
 * when the connection is made (a name may resolve elsewhere by then), so a webhook cannot be used to
 * reach the machine's own services, the cloud's metadata address or the office network.
 */
export interface OutboundPolicy {
  /** Tests only (OUTBOUND_ALLOW_LOOPBACK): 127.0.0.0/8 and ::1 are allowed; private networks never. */
  allowLoopback: boolean;
  /** Extra certificate authorities to trust beside the system's (OUTBOUND_CA_FILE), in PEM. */
  ca?: string;
}

const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

// RFC 6890 special-purpose ranges a public service never lives in.
const inside = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  inside.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  inside.addSubnet(address, prefix, 'ipv6');

/** True when the site must not connect to this IP address. */
export function isInside(address: string, policy: Pick<OutboundPolicy, 'allowLoopback'>): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1]! : address;
  const family = net.isIP(ip);
  if (family === 0) return true;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (loopback.check(ip, type)) return !policy.allowLoopback;
  return inside.check(ip, type);
}

export type AddressCheck = 'ok' | 'inside' | 'unknown';

/** Before an address is saved: does its host resolve, and only to public addresses? */
export async function checkAddress(url: string, policy: OutboundPolicy): Promise<AddressCheck> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) return isInside(host, policy) ? 'inside' : 'ok';
  try {
    const addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
    if (addresses.length === 0) return 'unknown';
    return addresses.some((a) => isInside(a.address, policy)) ? 'inside' : 'ok';
  } catch {
    return 'unknown';
  }
}

/** Refuses (400, with the reason) an address the site must not call: inside the network, or unknown. */
export async function refuseInside(url: string, policy: OutboundPolicy): Promise<void> {
  const check = await checkAddress(url, policy);
  if (check === 'inside') throw new HttpError(400, WEBHOOK_MESSAGES.urlPrivate);
  if (check === 'unknown') throw new HttpError(400, WEBHOOK_MESSAGES.urlUnknown);
}

/** The connection's own name resolution: every address the name gives must be outside. */
function guardedLookup(policy: OutboundPolicy): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as unknown as dns.LookupAddress[];
      const wrong = list.find((a) => isInside(a.address, policy));
      if (wrong || list.length === 0) {
        return callback(Object.assign(new Error(`${hostname} resolves to a private address`), { code: 'EPRIVATE' }) as NodeJS.ErrnoException, '', 4);
      }
      if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

let extraCa: { file: string; pem: string } | null = null;
function trusted(policy: OutboundPolicy): string[] | undefined {
  if (!policy.ca) return undefined;
  if (extraCa?.file !== policy.ca) extraCa = { file: policy.ca, pem: fs.readFileSync(policy.ca, 'utf8') };
  return [...tls.rootCertificates, extraCa.pem];
}

export interface OutboundAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The answer's first bytes (at most `maxBytes`). */
  body: Buffer;
  durationMs: number;
}

/** One https request under the policy; rejects on a refused address, a network error or the time limit. */
export function outboundRequest(
  url: string,
  request: { method: 'GET' | 'POST' | 'PUT'; headers?: Record<string, string>; body?: Buffer | string; timeoutMs?: number; maxBytes?: number },
  policy: OutboundPolicy,
): Promise<OutboundAnswer> {
  const target = new URL(url);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    if (target.protocol !== 'https:') return reject(new Error('only https addresses are called'));
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(host) && isInside(host, policy)) return reject(Object.assign(new Error(`${host} is a private address`), { code: 'EPRIVATE' }));
    const maxBytes = request.maxBytes ?? 64 * 1024;
    const body = request.body === undefined ? undefined : Buffer.isBuffer(request.body) ? request.body : Buffer.from(request.body);
    const fail = (err: Error) => {
      clearTimeout(deadline);
      reject(err);
    };
    const req = https.request(
      target,
      {
        method: request.method,
        headers: { 'user-agent': 'Atelier/1 (+webhooks)', ...request.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
        lookup: guardedLookup(policy),
        ca: trusted(policy),
        // A redirect is not followed: it could lead anywhere.
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < maxBytes) chunks.push(chunk.subarray(0, maxBytes - size));
          size += chunk.length;
        });
        res.on('end', () => {
          clearTimeout(deadline);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), durationMs: Math.round(performance.now() - started) });
        });
        res.on('error', fail);
      },
    );
    // The whole exchange, not only each silence, has a time limit.
    const limit = request.timeoutMs ?? 15_000;
    const deadline = setTimeout(() => req.destroy(Object.assign(new Error(`no answer within ${Math.round(limit / 1000)} s`), { code: 'ETIMEDOUT' })), limit);
    req.on('error', fail);
    req.end(body);
  });
}
