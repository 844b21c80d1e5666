import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, loggerOptions } from './app.ts';
import { ADMIN, createTestContext, type TestContext } from '../test/helpers.ts';

describe('one log line per request', () => {
  let t: TestContext;
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestContext('sqlite');
    // The same services, served by an app that logs at `info` into this array.
    app = await buildApp({
      services: t.services,
      logger: { ...(loggerOptions({ ...t.config, LOG_LEVEL: 'info' }) as object), stream: { write: (line: string) => void lines.push(line) } },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('writes one JSON line a request (method, path, status, duration, request id, instance), none for the health check, never a secret', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/api/products?lang=fr' });
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: ADMIN.email, password: ADMIN.password } });
    await app.inject({ method: 'GET', url: '/reset-password?token=secret-reset-token&code=123456' });
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e.msg === 'request');
    expect(entries.map((e) => [e.method, e.url, e.status])).toEqual([
      ['GET', '/api/products?lang=fr', 200],
      ['POST', '/api/auth/login', 200],
      ['GET', '/reset-password?token=[redacted]&code=[redacted]', expect.any(Number)],
    ]);
    for (const e of entries) {
      expect(e.level).toBe(30);
      expect(typeof e.ms).toBe('number');
      expect(e.reqId).toMatch(/^req-/);
      expect(e.instance).toMatch(/:\d+$/);
    }
    // Nothing else at info: no "incoming request" / "request completed" pair.
    expect(lines.filter((l) => JSON.parse(l).level === 30)).toHaveLength(3);
    const all = lines.join('\n');
    for (const secret of [ADMIN.password, 'secret-reset-token', '123456']) expect(all).not.toContain(secret);
    // About 200 bytes a request.
    expect(Math.max(...entries.map((e) => JSON.stringify(e).length))).toBeLessThan(260);
  });
});
