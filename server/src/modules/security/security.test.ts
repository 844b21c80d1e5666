import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, RETAILER, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { SoftAuthenticator, totpCode } from '../../../test/authenticator.ts';

const MINUTE = 60_000;

describe.each(DIALECTS)('sign-in factors on %s', (dialect) => {
  let t: TestContext;
  let now = Date.parse('2026-11-25T10:00:00Z');
  const req = (method: string, url: string, token?: string | null, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: method as 'GET',
      url,
      payload: payload as object,
      headers: { 'accept-language': 'en', ...(token ? t.auth(token) : {}), ...headers },
    });
  const signIn = (email: string, password: string, headers: Record<string, string> = {}) => req('POST', '/api/auth/login', null, { email, password }, headers);
  /** Moves the server's clock (TOTP steps, challenges, recent sign-in) and the test's with it. */
  const tick = (ms: number) => {
    now += ms;
  };

  beforeAll(async () => {
    // The passkey test sends six refused answers in a row: more than the default budget of five.
    t = await createTestContext(dialect, { MFA_MAX_PER_ACCOUNT: '10' });
    t.services.security.clock = () => now;
    // Tokens are made at the real time; the clock the tests move starts there too.
    now = Date.now();
  });
  afterAll(() => t.close());

  it('an account without a second factor signs in exactly as before', async () => {
    const res = await signIn(RETAILER.email, RETAILER.password);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['access_token', 'user']);
    const overview = (await req('GET', '/api/account/security', res.json().access_token)).json();
    expect(overview).toMatchObject({ passkeysAvailable: true, passkeys: [], totp: false, recoveryCodesLeft: 0, mfaSetupRequired: false, recentSignIn: true });
  });

  it('sets up an authenticator app: a wrong first code changes nothing, the right one turns it on and gives 10 recovery codes once', async () => {
    const email = 'totp@test.example';
    await t.services.users.create({ email, role: 'retailer', password: 'totp-pass-2026', locale: 'en' });
    const token = (await signIn(email, 'totp-pass-2026')).json().access_token;
    const setup = await req('POST', '/api/account/totp', token);
    expect(setup.statusCode).toBe(200);
    const { secret, uri, qrSvg } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toContain(`secret=${secret}`);
    expect(qrSvg).toMatch(/^<svg/);

    const wrong = await req('POST', '/api/account/totp/confirm', token, { code: totpCode(secret, now + 10 * MINUTE) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('This code is not right, or it was already used. Please try again.');
    expect((await signIn(email, 'totp-pass-2026')).json().access_token).toBeTruthy();

    const mails = t.sent.length;
    const right = await req('POST', '/api/account/totp/confirm', token, { code: totpCode(secret, now) });
    expect(right.statusCode).toBe(200);
    const codes: string[] = right.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const overview = (await req('GET', '/api/account/security', token)).json();
    expect(overview).toMatchObject({ totp: true, recoveryCodesLeft: 10 });
    // The codes are never shown again: the overview counts them, a second set-up is refused.
    expect(JSON.stringify(overview)).not.toContain(codes[0]);
    expect((await req('POST', '/api/account/totp', token)).statusCode).toBe(409);
    await waitForMail(t, mails, email, 'Authenticator app added');
  });

  it('a right password then asks for a code; a code serves once, the mfa_token serves once, both expire', async () => {
    const email = 'second@test.example';
    const { secret } = await withTotp(email, 'second-pass-2026');
    const first = await signIn(email, 'second-pass-2026');
    expect(first.statusCode).toBe(200);
    const step = first.json();
    expect(step).toMatchObject({ mfa_required: true, methods: ['totp', 'recovery'] });
    expect(step.access_token).toBeUndefined();
    // The mfa_token opens nothing but the second step.
    expect((await req('GET', '/api/auth/me', step.mfa_token)).statusCode).toBe(401);

    const wrong = await req('POST', '/api/auth/mfa', null, { mfa_token: step.mfa_token, code: '000000' === totpCode(secret, now) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(401);
    tick(31_000);
    const code = totpCode(secret, now);
    const ok = await req('POST', '/api/auth/mfa', null, { mfa_token: step.mfa_token, code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toEqual({ email, role: 'retailer', company: { id: expect.any(Number), role: 'admin' } });
    expect((await req('GET', '/api/auth/me', ok.json().access_token)).statusCode).toBe(200);

    // The same mfa_token again: spent.
    const again = await req('POST', '/api/auth/mfa', null, { mfa_token: step.mfa_token, code });
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toBe('This sign-in step has expired. Please sign in again.');
    // The same code with a new mfa_token: a replay inside its window is refused.
    const second = (await signIn(email, 'second-pass-2026')).json();
    expect((await req('POST', '/api/auth/mfa', null, { mfa_token: second.mfa_token, code })).statusCode).toBe(401);
    // The next code works; an mfa_token older than 5 minutes does not.
    tick(30_000);
    expect((await req('POST', '/api/auth/mfa', null, { mfa_token: second.mfa_token, code: totpCode(secret, now) })).statusCode).toBe(200);
    const late = (await signIn(email, 'second-pass-2026')).json();
    tick(5 * MINUTE + 1000);
    const expired = await req('POST', '/api/auth/mfa', null, { mfa_token: late.mfa_token, code: totpCode(secret, now) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error).toBe('This sign-in step has expired. Please sign in again.');
  });

  it('a code of another account does not answer this account’s mfa_token', async () => {
    const a = await withTotp('alice@test.example', 'alice-pass-2026');
    await withTotp('bob@test.example', 'bob-pass-2026');
    tick(31_000);
    const bobStep = (await signIn('bob@test.example', 'bob-pass-2026')).json();
    const res = await req('POST', '/api/auth/mfa', null, { mfa_token: bobStep.mfa_token, code: totpCode(a.secret, now) });
    expect(res.statusCode).toBe(401);
  });

  it('a recovery code opens once and mails the holder; new codes void the old ones', async () => {
    const email = 'recover@test.example';
    const { codes, token } = await withTotp(email, 'recover-pass-2026');
    const mails = t.sent.length;
    const step = (await signIn(email, 'recover-pass-2026')).json();
    const used = await req('POST', '/api/auth/mfa', null, { mfa_token: step.mfa_token, code: codes[0]!.toUpperCase() });
    expect(used.statusCode).toBe(200);
    await waitForMail(t, mails, email, 'A recovery code was used');
    const again = (await signIn(email, 'recover-pass-2026')).json();
    expect((await req('POST', '/api/auth/mfa', null, { mfa_token: again.mfa_token, code: codes[0] })).statusCode).toBe(401);
    expect((await req('GET', '/api/account/security', token)).json().recoveryCodesLeft).toBe(9);

    const renewed = await req('POST', '/api/account/recovery-codes', token);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().recoveryCodes).toHaveLength(10);
    expect((await req('POST', '/api/auth/mfa', null, { mfa_token: again.mfa_token, code: codes[1] })).statusCode).toBe(401);
    expect((await req('POST', '/api/auth/mfa', null, { mfa_token: again.mfa_token, code: renewed.json().recoveryCodes[0] })).statusCode).toBe(200);
  });

  it('the second step has a budget of its own: a right password between wrong codes never refills it; past it even the right code gets 429 with Retry-After (fails on the main of 2026-11-25)', async () => {
    // The defaults: 10 passwords and 5 second-step answers per account per 15 minutes.
    const limited = await createTestContext(dialect);
    try {
      const email = 'limited@test.example';
      const password = 'limit-pass-2026';
      const call = (url: string, payload: object, ip: string) =>
        limited.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: { 'accept-language': 'en' } });
      await limited.services.users.create({ email, role: 'retailer', password });
      const token = (await call('/api/auth/login', { email, password }, '203.0.113.1')).json().access_token;
      const { secret } = (await limited.app.inject({ method: 'POST', url: '/api/account/totp', headers: limited.auth(token) })).json();
      const confirmed = await limited.app.inject({
        method: 'POST',
        url: '/api/account/totp/confirm',
        headers: limited.auth(token),
        payload: { code: totpCode(secret, Date.now()) },
      });
      const recoveryCodes: string[] = confirmed.json().recoveryCodes;
      // The set-up used this step's code: the next step's is accepted (one step of clock drift).
      const rightCode = () => totpCode(secret, Date.now() + 30_000);
      const wrongCode = () => (['000000', totpCode(secret, Date.now())].includes(rightCode()) ? '111111' : '000000');

      // A legitimate slip: wrong codes, then the right one, and the budget starts afresh.
      for (let i = 0; i < 4; i += 1) {
        const step = (await call('/api/auth/login', { email, password }, '203.0.113.2')).json();
        expect((await call('/api/auth/mfa', { mfa_token: step.mfa_token, code: wrongCode() }, '203.0.113.2')).statusCode).toBe(401);
      }
      const opened = await call(
        '/api/auth/mfa',
        { mfa_token: (await call('/api/auth/login', { email, password }, '203.0.113.2')).json().mfa_token, code: rightCode() },
        '203.0.113.2',
      );
      expect(opened.statusCode).toBe(200);

      // The attacker who has the password, from rotating addresses: sign in, one guess (a code of the
      // app or a recovery code), sign in again, another guess…
      const statuses: number[] = [];
      for (let i = 0; i < 10; i += 1) {
        const ip = `198.51.100.${i + 1}`;
        const step = await call('/api/auth/login', { email, password }, ip);
        expect(step.statusCode).toBe(200);
        expect(step.json().mfa_required).toBe(true);
        const guess = i % 2 === 0 ? wrongCode() : `zzzz-${i}yyy`;
        statuses.push((await call('/api/auth/mfa', { mfa_token: step.json().mfa_token, code: guess }, ip)).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
      // Past the budget a right answer does not open either (here an unused recovery code), until the window has passed.
      const step = (await call('/api/auth/login', { email, password }, '198.51.100.99')).json();
      const refused = await call('/api/auth/mfa', { mfa_token: step.mfa_token, code: recoveryCodes[0] }, '198.51.100.99');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
      expect(refused.json().error).toBe('Too many attempts. Please wait a few minutes and try again.');
      // Nothing was opened, and the recovery code is still unused.
      const db = limited.services.database.db;
      const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      expect(await db.selectFrom('auth_tokens').select('id').where('user_id', '=', user.id).execute()).toHaveLength(2); // the set-up's and the legitimate one
      expect(await db.selectFrom('recovery_codes').select('id').where('user_id', '=', user.id).where('used_at', 'is', null).execute()).toHaveLength(10);
    } finally {
      await limited.close();
    }
  }, 60_000);

  it('sensitive changes need a sign-in less than 10 minutes old; re-authentication asks for the code too', async () => {
    const email = 'recent@test.example';
    const { secret, token } = await withTotp(email, 'recent-pass-2026');
    tick(11 * MINUTE);
    for (const [method, url, body] of [
      ['POST', '/api/account/recovery-codes', undefined],
      ['DELETE', '/api/account/totp', undefined],
      ['POST', '/api/account/passkeys/options', undefined],
      ['PUT', '/api/auth/password', { current_password: 'recent-pass-2026', password: 'recent-pass-2027', password_confirmation: 'recent-pass-2027' }],
    ] as const) {
      const res = await req(method, url, token, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ error: 'For this change, please confirm it is you: sign in again.', code: 'security.reauthRequired', reauth: true });
    }
    expect((await req('GET', '/api/account/security', token)).json()).toMatchObject({ totp: true, recentSignIn: false });
    // A refused confirmation is 400: the session itself is still good.
    expect((await req('POST', '/api/auth/reauth', token, { password: 'recent-pass-2026' })).statusCode).toBe(400);
    expect((await req('POST', '/api/auth/reauth', token, { password: 'wrong-pass-2026', code: totpCode(secret, now) })).statusCode).toBe(400);
    tick(31_000);
    const ok = await req('POST', '/api/auth/reauth', token, { password: 'recent-pass-2026', code: totpCode(secret, now) });
    expect(ok.statusCode).toBe(200);
    expect((await req('DELETE', '/api/account/totp', token)).statusCode).toBe(204);
    // No factor left: the password alone signs in again, and the recovery codes went with the factor.
    expect((await signIn(email, 'recent-pass-2026')).json().access_token).toBeTruthy();
    expect((await req('GET', '/api/account/security', token)).json()).toMatchObject({ totp: false, recoveryCodesLeft: 0 });
  });

  it('adds a passkey and signs in with it alone; a replayed, forged, other-origin, other-rpId or backwards-counter answer is refused', async () => {
    const email = 'keys@test.example';
    await t.services.users.create({ email, role: 'retailer', password: 'keys-pass-2026' });
    const token = (await signIn(email, 'keys-pass-2026')).json().access_token;
    const key = new SoftAuthenticator('http://shop.test', 'shop.test');
    const options = (await req('POST', '/api/account/passkeys/options', token)).json();
    expect(options).toMatchObject({ rp: { id: 'shop.test' }, authenticatorSelection: { residentKey: 'required', userVerification: 'required' } });
    const added = await req('POST', '/api/account/passkeys', token, { name: 'iPhone', response: key.register(options) });
    expect(added.statusCode).toBe(201);
    expect(added.json().recoveryCodes).toHaveLength(10);
    // The same options cannot serve twice.
    expect((await req('POST', '/api/account/passkeys', token, { name: 'Again', response: key.register(options) })).statusCode).toBe(400);
    expect((await req('PATCH', `/api/account/passkeys/${added.json().id}`, token, { name: 'Mon iPhone' })).statusCode).toBe(204);
    const overview = (await req('GET', '/api/account/security', token)).json();
    expect(overview.passkeys).toEqual([expect.objectContaining({ name: 'Mon iPhone', lastUsedAt: null })]);

    const login = async (lies = {}) => {
      const opts = (await req('POST', '/api/auth/passkey/options')).json();
      expect(opts.rpId).toBe('shop.test');
      const response = key.assert(opts, lies);
      return { res: await req('POST', '/api/auth/passkey/verify', null, { response }), response };
    };
    const good = await login();
    expect(good.res.statusCode).toBe(200);
    expect(good.res.json().user).toEqual({ email, role: 'retailer', company: { id: expect.any(Number), role: 'admin' } });
    expect((await req('POST', '/api/auth/passkey/verify', null, { response: good.response })).statusCode).toBe(401);
    for (const lies of [{ origin: 'http://evil.test' }, { rpId: 'evil.test' }, { forge: true }, { counter: 1 }, { userVerified: false }]) {
      const { res } = await login(lies);
      expect(res.statusCode, JSON.stringify(lies)).toBe(401);
      expect(res.json().error).toBe('This passkey could not be checked. Please try again.');
    }
    const stranger = new SoftAuthenticator('http://shop.test', 'shop.test');
    const opts = (await req('POST', '/api/auth/passkey/options')).json();
    const unknown = await req('POST', '/api/auth/passkey/verify', null, { response: stranger.assert(opts) });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toBe('This passkey is not known here. Sign in with your password, then add it again.');
    // The password alone no longer opens the account: the passkey (or a recovery code) must follow.
    expect((await signIn(email, 'keys-pass-2026')).json()).toMatchObject({ mfa_required: true, methods: ['passkey', 'recovery'] });
    // Nor does it confirm a sensitive change on an old session: the passkey does, or a recovery code with the password.
    tick(11 * MINUTE);
    expect((await req('DELETE', `/api/account/passkeys/${added.json().id}`, token)).statusCode).toBe(403);
    expect((await req('POST', '/api/auth/reauth', token, { password: 'keys-pass-2026' })).statusCode).toBe(400);
    const reauthOptions = (await req('POST', '/api/auth/passkey/options')).json();
    expect((await req('POST', '/api/auth/reauth', token, { passkey: key.assert(reauthOptions) })).statusCode).toBe(200);

    // Another account can neither see, rename nor remove it.
    const other = await t.login(RETAILER.email, RETAILER.password);
    expect((await req('PATCH', `/api/account/passkeys/${added.json().id}`, other, { name: 'x' })).statusCode).toBe(404);
    expect((await req('DELETE', `/api/account/passkeys/${added.json().id}`, other)).statusCode).toBe(404);
    expect((await req('GET', '/api/account/security', other)).json().passkeys).toEqual([]);
    expect((await req('DELETE', `/api/account/passkeys/${added.json().id}`, token)).statusCode).toBe(204);
  });

  it('lists the account’s sessions with browser and system, and signs out one or every other', async () => {
    const chrome = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
    const email = 'sessions@test.example';
    await t.services.users.create({ email, role: 'retailer', password: 'sess-pass-2026' });
    const mine = (await signIn(email, 'sess-pass-2026', { 'user-agent': chrome })).json().access_token;
    const other = (await signIn(email, 'sess-pass-2026', { 'user-agent': firefox })).json().access_token;
    const third = (await signIn(email, 'sess-pass-2026')).json().access_token;
    const sessions = (await req('GET', '/api/account/security', mine)).json().sessions;
    expect(sessions).toHaveLength(3);
    expect(sessions.find((s: { current: boolean }) => s.current)).toMatchObject({ browser: 'Chrome 131', system: 'macOS Catalina' });
    expect(sessions.some((s: { browser: string; system: string }) => s.browser === 'Firefox 133' && s.system === 'Linux')).toBe(true);

    const firefoxId = sessions.find((s: { browser: string }) => s.browser === 'Firefox 133').id;
    expect((await req('DELETE', `/api/account/sessions/${firefoxId}`, await t.login(RETAILER.email, RETAILER.password))).statusCode).toBe(404);
    expect((await req('DELETE', `/api/account/sessions/${firefoxId}`, mine)).statusCode).toBe(204);
    expect((await req('GET', '/api/auth/me', other)).statusCode).toBe(401);
    expect((await req('DELETE', '/api/account/sessions', mine)).statusCode).toBe(200);
    expect((await req('GET', '/api/auth/me', third)).statusCode).toBe(401);
    expect((await req('GET', '/api/auth/me', mine)).statusCode).toBe(200);
  });

  it('the shell’s reset-mfa removes a locked-out person’s factors and sessions, and the activity log says so', async () => {
    const email = 'locked@test.example';
    const { token } = await withTotp(email, 'locked-pass-2026');
    expect(await t.services.security.resetFactors(email)).toBe(true);
    expect((await req('GET', '/api/auth/me', token)).statusCode).toBe(401);
    expect((await signIn(email, 'locked-pass-2026')).json().access_token).toBeTruthy();
    const admin = await t.login(ADMIN.email, ADMIN.password);
    const log = (await req('GET', '/api/admin/activity?kind=security', admin)).json();
    expect(log.data[0]).toMatchObject({ kind: 'security', action: 'reset', subject: email });
  });

  /** A fresh account with a confirmed authenticator app: its secret, recovery codes and a session. */
  async function withTotp(email: string, password: string) {
    await t.services.users.create({ email, role: 'retailer', password, locale: 'en' });
    const token = (await signIn(email, password)).json().access_token;
    const { secret } = (await req('POST', '/api/account/totp', token)).json();
    const confirmed = await req('POST', '/api/account/totp/confirm', token, { code: totpCode(secret, now) });
    expect(confirmed.statusCode).toBe(200);
    return { secret: secret as string, codes: confirmed.json().recoveryCodes as string[], token: token as string };
  }
});

describe.each(DIALECTS)('MFA_REQUIRED=admin on %s', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(dialect, { MFA_REQUIRED: 'admin' });
  });
  afterAll(() => t.close());

  it('shuts the back-office to an administrator without a second factor until they add one; stockists are not concerned', async () => {
    const token = await t.login(ADMIN.email, ADMIN.password);
    const shut = await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: { ...t.auth(token), 'accept-language': 'en' } });
    expect(shut.statusCode).toBe(403);
    expect(shut.json()).toEqual({
      error: 'Administrators must add a second factor (a passkey or an authenticator app) before using the back-office.',
      code: 'security.mfaRequired',
      mfaSetupRequired: true,
    });
    const overview = (await t.app.inject({ method: 'GET', url: '/api/account/security', headers: t.auth(token) })).json();
    expect(overview.mfaSetupRequired).toBe(true);

    const { secret } = (await t.app.inject({ method: 'POST', url: '/api/account/totp', headers: t.auth(token) })).json();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/account/totp/confirm', headers: t.auth(token), payload: { code: totpCode(secret, Date.now()) } }))
        .statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: t.auth(token) })).statusCode).toBe(200);

    const retailer = await t.login(RETAILER.email, RETAILER.password);
    expect((await t.app.inject({ method: 'GET', url: '/api/orders', headers: t.auth(retailer) })).statusCode).toBe(200);
  });

  it('refuses an unknown MFA_REQUIRED value at start', async () => {
    await expect(createTestContext(dialect, { MFA_REQUIRED: 'everyone' })).rejects.toThrow(/MFA_REQUIRED/);
  });
});

describe('passkeys on a site served from an IP address', () => {
  it('says passkeys are unavailable; everything else works', async () => {
    const t = await createTestContext('sqlite', { PUBLIC_URL: 'http://127.0.0.1:3000' });
    try {
      const token = await t.login(RETAILER.email, RETAILER.password);
      expect((await t.app.inject({ method: 'GET', url: '/api/account/security', headers: t.auth(token) })).json().passkeysAvailable).toBe(false);
      const refused = await t.app.inject({ method: 'POST', url: '/api/auth/passkey/options', headers: { 'accept-language': 'en' } });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe('Passkeys need the site to be served under a domain name (not an IP address).');
    } finally {
      await t.close();
    }
  });
});

/** Mail goes through the outbox: waits for the one sent to `to` whose subject holds `subject`. */
async function waitForMail(t: TestContext, from: number, to: string, subject: string) {
  for (let i = 0; i < 100; i += 1) {
    await t.services.mail.runOnce();
    const found = t.sent.slice(from).find((m) => m.to === to && m.subject.includes(subject));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail "${subject}" to ${to}`);
}
