import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@atelier/contract';
import { ADMIN, DIALECTS, RETAILER, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { sampleProduct } from '../../../test/fixtures.ts';

// Issue 34, item 1: the owner's sales agents — invited, signing in like everyone, seeing trade prices,
// stock and the season, and no back-office screen.
describe.each(DIALECTS)('sales agents on %s', (dialect) => {
  let t: TestContext;
  let owner: Record<string, string>;
  let productId: number;

  beforeAll(async () => {
    t = await createTestContext(dialect);
    owner = t.auth(await t.login(ADMIN.email, ADMIN.password));
    productId = (await t.app.inject({ method: 'POST', url: '/api/admin/products', payload: sampleProduct({ reference: 'AG-ROBE' }), headers: owner })).json()
      .id;
  });
  afterAll(() => t?.close());

  const invite = (payload: object, lang = 'en') => t.app.inject({ method: 'POST', url: `/api/admin/agents?lang=${lang}`, headers: owner, payload });
  /** The link of the last mail to `email`, as the agent clicks it. */
  const linkTo = async (email: string) => {
    await t.services.mail.runOnce();
    const mail = t.sent.filter((m) => m.to === email).at(-1)!;
    return { mail, token: /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]! };
  };

  it('refuses a bad name, address or commission, and an address that already has an account: nothing is made', async () => {
    for (const [payload, error] of [
      [{ name: '', email: 'claire@agents.example' }, 'The agent’s name is 1 to 80 characters.'],
      [{ name: 'Claire', email: 'claire' }, 'Enter a valid e-mail address.'],
      [
        { name: 'Claire', email: 'claire@agents.example', commissionRate: 51 },
        'The commission is a percentage from 0 to 50, with 2 decimals at most, or none.',
      ],
      [
        { name: 'Claire', email: 'claire@agents.example', commissionRate: 7.555 },
        'The commission is a percentage from 0 to 50, with 2 decimals at most, or none.',
      ],
    ] as const) {
      const res = await invite(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe(error);
    }
    const taken = await invite({ name: 'Shop', email: RETAILER.email }, 'fr');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('Cette adresse e-mail a déjà un compte ici : un agent a besoin d’une adresse à lui.');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/agents', headers: owner })).json().data).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/agents', headers: t.auth(await t.login(RETAILER.email, RETAILER.password)) })).statusCode,
    ).toBe(403);
  });

  let claire: Agent;
  let session: Record<string, string>;

  it('invites an agent by mail in their language; the link sets a password, and the agent signs in as an agent', async () => {
    const res = await invite({ name: 'Claire Vidal', email: ' Claire@Agents.example ', commissionRate: 7.5, locale: 'fr' });
    expect(res.statusCode, res.body).toBe(201);
    claire = res.json();
    expect(claire).toMatchObject({
      name: 'Claire Vidal',
      email: 'claire@agents.example',
      commissionRate: 7.5,
      active: true,
      passwordSet: false,
      lastSignInAt: null,
    });
    const { mail, token } = await linkTo('claire@agents.example');
    expect(mail.subject).toContain('Votre compte d’agent commercial');
    expect(mail.text).toContain('Votre identifiant de connexion est : claire@agents.example');
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'showroom-2027', password_confirmation: 'showroom-2027' },
    });
    expect(set.statusCode, set.body).toBeLessThan(300);
    session = t.auth(await t.login('claire@agents.example', 'showroom-2027'));
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: session })).json()).toMatchObject({
      email: 'claire@agents.example',
      role: 'agent',
    });
    const listed = (await t.app.inject({ method: 'GET', url: '/api/admin/agents', headers: owner })).json().data[0] as Agent;
    expect(listed).toMatchObject({ passwordSet: true });
    expect(listed.lastSignInAt).not.toBeNull();
    // The activity log names who invited whom.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/activity?kind=security', headers: owner })).body).toContain('agent Claire Vidal');
  });

  it('an agent sees trade prices, stock and the season, and no back-office, order or invoice of anyone', async () => {
    const product = (await t.app.inject({ method: 'GET', url: `/api/products/${productId}`, headers: session })).json();
    expect(product.variants[0]).toHaveProperty('price');
    expect(product.reference).toBe('AG-ROBE');
    expect((await t.app.inject({ method: 'GET', url: `/api/wholesale/availability/${productId}`, headers: session })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/wholesale/seasons', headers: session })).statusCode).toBe(200);
    for (const [method, url] of [
      ['GET', '/api/admin/orders'],
      ['GET', '/api/admin/products'],
      ['GET', '/api/admin/agents'],
      ['GET', '/api/admin/invoices'],
      ['GET', '/api/orders'],
      ['GET', '/api/invoices'],
      ['GET', '/api/account/company'],
      ['PUT', '/api/orders/draft'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: session, payload: method === 'PUT' ? { lines: [] } : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('turned off, the agent is signed out at once and cannot sign in; turned on, they can again', async () => {
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/agents/${claire.id}`,
      headers: owner,
      payload: { name: 'Claire Vidal', commissionRate: 8, active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ active: false, commissionRate: 8 });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: session })).statusCode).toBe(401);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login?lang=en',
      payload: { email: 'claire@agents.example', password: 'showroom-2027' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe('Unable to sign in with these credentials.');
    const on = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/agents/${claire.id}`,
      headers: owner,
      payload: { name: 'Claire Vidal', commissionRate: null, active: true },
    });
    expect(on.json()).toMatchObject({ active: true, commissionRate: null });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'claire@agents.example', password: 'showroom-2027' } })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/admin/agents/99999', headers: owner, payload: { name: 'X', commissionRate: null, active: true } }))
        .statusCode,
    ).toBe(404);
  });

  it('sends the invitation again with a new link; the old one no longer works once the new is used', async () => {
    const res = await invite({ name: 'Louis Martin', email: 'louis@agents.example', locale: 'en' });
    const louis = res.json() as Agent;
    const first = await linkTo('louis@agents.example');
    expect(first.mail.subject).toContain('Your sales agent account');
    const again = await t.app.inject({ method: 'POST', url: `/api/admin/agents/${louis.id}/invite`, headers: owner });
    expect(again.statusCode).toBe(200);
    const second = await linkTo('louis@agents.example');
    expect(second.token).not.toBe(first.token);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: { token: second.token, password: 'louis-2027-x', password_confirmation: 'louis-2027-x' },
        })
      ).statusCode,
    ).toBeLessThan(300);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'louis@agents.example', password: 'louis-2027-x' } })).statusCode,
    ).toBe(200);
  });
});
