import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { ADMIN, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { MemoryAttempts } from './rate-limit.ts';

describe('brute force on one account (1,000 attempts)', () => {
  let t: TestContext;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const lines: string[] = [];
  let clock = Date.now();

  beforeAll(async () => {
    t = await createTestContext('sqlite', { LOGIN_MAX_PER_IP: '100000', LOGIN_MAX_PER_EMAIL: '10' });
    // The same services behind an app whose logs we read, and a clock we move.
    app = await buildApp({ services: t.services, logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } } as never });
    t.services.auth.attempts = new MemoryAttempts(10, 15 * 60_000, () => clock);
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('evaluates at most 10 passwords per 15 minutes, whatever the forwarded address, logs each denial once, and lets the owner back in', async () => {
    const before = t.services.auth.evaluations;
    const statuses = new Map<number, number>();
    for (let i = 0; i < 1000; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: ADMIN.email, password: `guess-${i}`, extra: i },
        headers: { 'x-forwarded-for': `203.0.113.${i % 250}` },
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    }
    expect(t.services.auth.evaluations - before).toBe(10);
    expect(statuses.get(401)).toBe(10);
    expect(statuses.get(429)).toBe(990);
    const denials = lines.map((l) => JSON.parse(l) as { event?: string; msg: string }).filter((l) => l.event === 'rate_limited');
    expect(denials).toHaveLength(990);
    expect(lines.join('\n')).not.toContain('guess-');

    // Even the right password waits for the window…
    expect((await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN })).statusCode).toBe(429);
    // …and works once it has passed.
    clock += 15 * 60_000 + 1;
    expect((await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN })).statusCode).toBe(200);
  });
});
