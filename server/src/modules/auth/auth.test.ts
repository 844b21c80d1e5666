import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ADMIN, DIALECTS, FR, RETAILER, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { sha256 } from '../../lib/crypto.ts';

describe.each(DIALECTS)('auth API on %s', (dialect) => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestContext(dialect, { LOGIN_MAX_PER_EMAIL: '5', LOGIN_MAX_PER_IP: '40' });
  });
  afterEach(async () => t.close());

  const login = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, headers });

  it('signs in with e-mail and password and returns a random token and the user', async () => {
    const res = await login({ email: '  Admin@Test.example ', password: ADMIN.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({ email: ADMIN.email, role: 'admin' });
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(res.headers['cache-control']).toContain('no-store');
    // Stored hashed, never in clear.
    const rows = await t.services.database.db.selectFrom('auth_tokens').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).toEqual([sha256(body.access_token)]);
    const other = (await login({ email: ADMIN.email, password: ADMIN.password })).json().access_token;
    expect(other).not.toBe(body.access_token);
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const unknown = await login({ email: 'nobody@test.example', password: 'whatever1' });
    const wrong = await login({ email: ADMIN.email, password: 'wrong-pass-1' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ error: FR.invalidCredentials, code: 'api.invalidCredentials' });
    expect(wrong.json()).toEqual(unknown.json());
  });

  it("speaks the caller's language: Accept-Language, the lang cookie or ?lang", async () => {
    const body = { email: ADMIN.email, password: 'wrong-pass-1' };
    expect((await login(body)).json().error).toBe('Impossible de se connecter avec ces identifiants.');
    expect((await login(body, { 'accept-language': 'en-GB,en;q=0.8' })).json().error).toBe('Unable to sign in with these credentials.');
    expect((await login(body, { cookie: 'lang=en', 'accept-language': 'fr' })).json().error).toBe('Unable to sign in with these credentials.');
    const viaQuery = await t.app.inject({ method: 'POST', url: '/api/auth/login?lang=en', payload: body });
    expect(viaQuery.json().error).toBe('Unable to sign in with these credentials.');
  });

  it('refuses a sign-in without e-mail or password with a 400 and a message', async () => {
    for (const payload of [{}, { email: ADMIN.email }, { password: 'x' }, { email: '', password: '' }, 'not json']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
  });

  it('limits guesses per account: 429 with Retry-After, not reset by extra fields or headers', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await login({ email: ADMIN.email, password: `bad-${i}` })).statusCode).toBe(401);
    }
    const blocked = await login(
      { email: ADMIN.email.toUpperCase(), password: ADMIN.password, extra: 'x', remember: true },
      { 'x-forwarded-for': '10.9.8.7', 'x-real-ip': '10.1.1.1' },
    );
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().error).toBe(FR.tooManyAttempts);
    // Other accounts are not affected.
    expect((await login({ email: RETAILER.email, password: RETAILER.password })).statusCode).toBe(200);
  });

  it('a successful sign-in clears the failures of that account', async () => {
    for (let i = 0; i < 4; i += 1) await login({ email: ADMIN.email, password: `bad-${i}` });
    expect((await login({ email: ADMIN.email, password: ADMIN.password })).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await login({ email: ADMIN.email, password: `bad-${i}` })).statusCode).toBe(401);
  });

  it('limits sign-in attempts per IP address, whatever the e-mail or forwarded header', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 42; i += 1) {
      statuses.push((await login({ email: `user${i}@test.example`, password: 'nope-1234' }, { 'x-forwarded-for': `10.0.0.${i}` })).statusCode);
    }
    expect(statuses.slice(0, 40).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(40)).toEqual([429, 429]);
  });

  it('GET /auth/me returns the user for a valid token and 401 otherwise', async () => {
    const token = await t.login(RETAILER.email, RETAILER.password);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: t.auth(token) });
    expect(me.statusCode).toBe(200);
    // A shop's account is its company's admin (issue 46).
    expect(me.json()).toEqual({ email: RETAILER.email, role: 'retailer', company: { id: expect.any(Number), role: 'admin' } });
    expect(me.headers['cache-control']).toContain('private');
    for (const headers of [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Basic abc' },
      { authorization: 'Bearer not-a-real-token-0000000000000' },
      { authorization: `Bearer ${token}<script>` },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: FR.unauthenticated, code: 'api.unauthenticated' });
    }
  });

  it('an expired token is refused', async () => {
    const token = await t.login(ADMIN.email, ADMIN.password);
    await t.services.database.db
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: t.auth(token) })).statusCode).toBe(401);
  });

  it('logout revokes the token', async () => {
    const token = await t.login(ADMIN.email, ADMIN.password);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: t.auth(token) });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: t.auth(token) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: t.auth(token) })).statusCode).toBe(401);
  });

  describe('password change', () => {
    const change = (token: string, payload: object) => t.app.inject({ method: 'PUT', url: '/api/auth/password', headers: t.auth(token), payload });

    it('needs a session', async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/password',
        payload: { current_password: 'a', password: 'abcdefg1', password_confirmation: 'abcdefg1' },
      });
      expect(res.statusCode).toBe(401);
    });

    it('refuses a wrong current password, a mismatch and a weak password, changing nothing', async () => {
      const token = await t.login(RETAILER.email, RETAILER.password);
      const cases: Array<[object, string]> = [
        [{ current_password: 'wrong-pass-1', password: 'newpass123', password_confirmation: 'newpass123' }, FR.wrongCurrentPassword],
        [{ current_password: RETAILER.password, password: 'newpass123', password_confirmation: 'newpass124' }, FR.passwordMismatch],
        [{ current_password: RETAILER.password, password: 'short1', password_confirmation: 'short1' }, FR.passwordPolicy],
        [{ current_password: RETAILER.password, password: 'onlyletters', password_confirmation: 'onlyletters' }, FR.passwordPolicy],
        [{ current_password: RETAILER.password, password: '1234567890', password_confirmation: '1234567890' }, FR.passwordPolicy],
        [{ password: 'newpass123', password_confirmation: 'newpass123' }, ''],
      ];
      for (const [payload, message] of cases) {
        const res = await change(token, payload);
        expect(res.statusCode).toBe(400);
        if (message) expect(res.json().error).toContain(message);
        else expect(typeof res.json().error).toBe('string');
      }
      expect((await login({ email: RETAILER.email, password: RETAILER.password })).statusCode).toBe(200);
    });

    it('changes the password and signs out every other session', async () => {
      const current = await t.login(RETAILER.email, RETAILER.password);
      const other = await t.login(RETAILER.email, RETAILER.password);
      const res = await change(current, { current_password: RETAILER.password, password: 'fresh-pass-9', password_confirmation: 'fresh-pass-9' });
      expect(res.statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: t.auth(current) })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: t.auth(other) })).statusCode).toBe(401);
      expect((await login({ email: RETAILER.email, password: RETAILER.password })).statusCode).toBe(401);
      expect((await login({ email: RETAILER.email, password: 'fresh-pass-9' })).statusCode).toBe(200);
    });
  });

  describe('password reset', () => {
    const forgot = (email: string, lang?: 'fr' | 'en') => t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email, lang } });
    const linkToken = (text: string) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

    it('answers the same whether the e-mail exists or not, and mails only a real account', async () => {
      const unknown = await forgot('ghost@test.example');
      const known = await forgot(RETAILER.email, 'en');
      expect(unknown.statusCode).toBe(202);
      expect(known.statusCode).toBe(202);
      expect(known.json()).toEqual(unknown.json());
      await t.services.mail.runOnce();
      expect(t.sent).toHaveLength(1);
      expect(t.sent[0]!.to).toBe(RETAILER.email);
      expect(t.sent[0]!.subject).toContain('Reset your password');
      expect(t.sent[0]!.text).toContain('http://shop.test/reset-password?token=');
      expect(t.sent[0]!.html).toContain('http://shop.test/reset-password?token=');
      // The link token is stored hashed.
      const token = linkToken(t.sent[0]!.text)!;
      const row = await t.services.database.db.selectFrom('password_tokens').selectAll().executeTakeFirstOrThrow();
      expect(row.token_hash).toBe(sha256(token));
    });

    it('mails in French by default', async () => {
      await forgot(RETAILER.email);
      await t.services.mail.runOnce();
      expect(t.sent[0]!.subject).toContain('Réinitialiser votre mot de passe');
    });

    it('sets a new password once, under the policy, and signs out every session', async () => {
      const session = await t.login(RETAILER.email, RETAILER.password);
      await forgot(RETAILER.email);
      await t.services.mail.runOnce();
      const token = linkToken(t.sent[0]!.text)!;
      const reset = (payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload });

      expect((await reset({ token, password: 'weak', password_confirmation: 'weak' })).statusCode).toBe(400);
      expect((await reset({ token, password: 'newpass123', password_confirmation: 'other123' })).json().error).toBe(FR.passwordMismatch);
      const ok = await reset({ token, password: 'reset-pass-7', password_confirmation: 'reset-pass-7' });
      expect(ok.statusCode).toBe(200);
      const again = await reset({ token, password: 'again-pass-7', password_confirmation: 'again-pass-7' });
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toBe(FR.invalidResetToken);
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: t.auth(session) })).statusCode).toBe(401);
      expect((await login({ email: RETAILER.email, password: 'reset-pass-7' })).statusCode).toBe(200);
    });

    it('refuses an expired or unknown link', async () => {
      await forgot(RETAILER.email);
      await t.services.mail.runOnce();
      const token = linkToken(t.sent[0]!.text)!;
      await t.services.database.db
        .updateTable('password_tokens')
        .set({ expires_at: new Date(Date.now() - 1).toISOString() })
        .execute();
      for (const tk of [token, 'x'.repeat(43)]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: { token: tk, password: 'reset-pass-7', password_confirmation: 'reset-pass-7' },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe(FR.invalidResetToken);
      }
      expect((await login({ email: RETAILER.email, password: RETAILER.password })).statusCode).toBe(200);
    });
  });
});
