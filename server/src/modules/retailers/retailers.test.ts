import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { ADMIN, DIALECTS, RETAILER, atMigration, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { migrate } from '../../db/index.ts';

const application = (extra: Record<string, unknown> = {}) => ({
  name: '  Camille Roux ',
  email: ' Camille@Shop.example ',
  message: ' Bonjour ',
  consent: true,
  company: '  ',
  siret: '123 456 789 00012',
  phone: '',
  shopType: 'Concept store',
  catalogOptIn: true,
  ...extra,
});

describe.each(DIALECTS)('stockist applications and contact on %s', (dialect) => {
  let t: TestContext;
  let admin: Record<string, string>;
  let retailer: Record<string, string>;

  beforeAll(async () => {
    t = await createTestContext(dialect, { FORMS_MAX_PER_IP: '1000' });
    admin = t.auth(await t.login(ADMIN.email, ADMIN.password));
    retailer = t.auth(await t.login(RETAILER.email, RETAILER.password));
  });
  afterAll(async () => t.close());

  const apply = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/retailers/contact', payload: payload as object, headers });
  const countRows = async (table: 'retailer_applications' | 'contact_messages' | 'mail_outbox' | 'users') =>
    Number(
      (
        await t.services.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stores a pending application with trimmed values, the consent time and a mail to the brand', async () => {
    const mails = await countRows('mail_outbox');
    const res = await apply(application());
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe('Merci, votre demande a bien été reçue.');
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/retailers/applications?status=pending', headers: admin })).json().data;
    const mine = list.find((a: { email: string }) => a.email === 'camille@shop.example');
    expect(mine).toMatchObject({
      name: 'Camille Roux',
      message: 'Bonjour',
      company: null,
      phone: null,
      siret: '12345678900012',
      shopType: 'Concept store',
      catalogOptIn: true,
      consent: true,
      status: 'pending',
      acceptedAt: null,
      acceptedBy: null,
      retailerEmail: null,
    });
    expect(mine.consentAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await countRows('mail_outbox')).toBe(mails + 1);
    await t.services.mail.runOnce();
    const notice = t.sent.at(-1)!;
    expect(notice.to).toBe(t.config.BRAND_EMAIL);
    expect(notice.subject).toContain('Nouvelle demande revendeur');
    expect(notice.text).toContain('12345678900012');
  });

  it.each([
    ['no name', { name: ' ' }],
    ['a bad e-mail', { email: 'nope' }],
    ['no message', { message: '' }],
    ['no consent', { consent: false }],
    ['consent missing', { consent: undefined }],
    ['a 13-digit SIRET', { siret: '1234567890123' }],
    ['a SIRET with letters', { siret: '1234567890123A' }],
  ])('refuses an application with %s, storing nothing', async (_name, change) => {
    const before = await countRows('retailer_applications');
    const res = await apply(application(change));
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
    expect(await countRows('retailer_applications')).toBe(before);
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const [apps, mails] = [await countRows('retailer_applications'), await countRows('mail_outbox')];
    const res = await apply(application({ website: 'http://spam.example' }));
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe('Merci, votre demande a bien été reçue.');
    expect(await countRows('retailer_applications')).toBe(apps);
    expect(await countRows('mail_outbox')).toBe(mails);
  });

  it('accepts once: one account, one mail with a set-password link and no password, even with two concurrent clicks', async () => {
    await apply(application({ email: 'double@shop.example', lang: 'en' }));
    const id = (await t.app.inject({ method: 'GET', url: '/api/admin/retailers/applications', headers: admin }))
      .json()
      .data.find((a: { email: string }) => a.email === 'double@shop.example').id;
    const users = await countRows('users');
    const mailsBefore = await countRows('mail_outbox');
    const [a, b] = await Promise.all([
      t.app.inject({ method: 'POST', url: `/api/admin/retailers/applications/${id}/accept`, headers: admin }),
      t.app.inject({ method: 'POST', url: `/api/admin/retailers/applications/${id}/accept`, headers: admin }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toMatchObject({ status: 'accepted', acceptedBy: { email: ADMIN.email }, retailerEmail: 'double@shop.example' });
    expect(a.json().acceptedAt).toBeTruthy();
    expect(await countRows('users')).toBe(users + 1);
    expect(await countRows('mail_outbox')).toBe(mailsBefore + 1);
    const third = await t.app.inject({ method: 'POST', url: `/api/admin/retailers/applications/${id}/accept`, headers: admin });
    expect(third.statusCode).toBe(200);
    expect(await countRows('mail_outbox')).toBe(mailsBefore + 1);

    await t.services.mail.runOnce();
    const mail = t.sent.find((m) => m.to === 'double@shop.example')!;
    expect(mail.subject).toContain('Your stockist account is open');
    expect(mail.text).toContain('Your sign-in e-mail is: double@shop.example');
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    expect(mail.text).not.toMatch(/(password|mot de passe)\s*:\s*(?!http)\S+/i);

    // The link sets the password once; then the retailer signs in and sees trade data.
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'my-shop-2027', password_confirmation: 'my-shop-2027' },
    });
    expect(set.statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'double@shop.example', password: 'my-shop-2027' } });
    expect(login.json().user).toEqual({ email: 'double@shop.example', role: 'retailer', company: { id: expect.any(Number), role: 'admin' } });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'other-2027x', password_confirmation: 'other-2027x' },
    });
    expect(again.statusCode).toBe(400);
    // The founder is named as the application said (issue 56): on the company's people and on what they order.
    const founder = { authorization: `Bearer ${login.json().access_token}` };
    const people = (await t.app.inject({ method: 'GET', url: '/api/account/people', headers: founder })).json().data as Array<{
      email: string;
      name: string | null;
    }>;
    expect(people).toEqual([expect.objectContaining({ email: 'double@shop.example', name: 'Camille Roux' })]);

    const accepted = (await t.app.inject({ method: 'GET', url: '/api/admin/retailers/applications?status=accepted', headers: admin })).json().data;
    expect(accepted.map((x: { id: number }) => x.id)).toContain(id);
    const pending = (await t.app.inject({ method: 'GET', url: '/api/admin/retailers/applications?status=pending', headers: admin })).json().data;
    expect(pending.map((x: { id: number }) => x.id)).not.toContain(id);
  });

  it('links an existing account with the same e-mail instead of failing', async () => {
    await apply(application({ email: RETAILER.email }));
    const id = (await t.app.inject({ method: 'GET', url: '/api/admin/retailers/applications?status=pending', headers: admin }))
      .json()
      .data.find((a: { email: string }) => a.email === RETAILER.email).id;
    const users = await countRows('users');
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/retailers/applications/${id}/accept`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().retailerEmail).toBe(RETAILER.email);
    expect(await countRows('users')).toBe(users);
    // The existing password still works.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: RETAILER })).statusCode).toBe(200);
  });

  it('deletes applications (pending or accepted); unknown ids are 404', async () => {
    await apply(application({ email: 'gone@shop.example' }));
    const id = (await t.app.inject({ method: 'GET', url: '/api/admin/retailers/applications', headers: admin }))
      .json()
      .data.find((a: { email: string }) => a.email === 'gone@shop.example').id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/retailers/applications/${id}`, headers: admin })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/retailers/applications/${id}`, headers: admin })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/retailers/applications/999999/accept', headers: admin })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/retailers/applications/abc/accept', headers: admin })).statusCode).toBe(400);
  });

  it('refuses the admin application routes to a stockist and to anonymous callers', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/retailers/applications'],
      ['POST', '/api/admin/retailers/applications/1/accept'],
      ['DELETE', '/api/admin/retailers/applications/1'],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: retailer })).statusCode).toBe(403);
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });

  it('stores a contact message and mails the brand; bad input and honeypots store nothing', async () => {
    const [msgs, mails] = [await countRows('contact_messages'), await countRows('mail_outbox')];
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Léa', email: 'lea@example.com', message: 'Une question sur les tailles.', consent: true },
    });
    expect(ok.statusCode).toBe(202);
    expect(await countRows('contact_messages')).toBe(msgs + 1);
    expect(await countRows('mail_outbox')).toBe(mails + 1);
    await t.services.mail.runOnce();
    expect(t.sent.at(-1)!.subject).toContain('Message de Léa');
    for (const payload of [
      { name: '', email: 'a@b.co', message: 'x' },
      { name: 'A', email: 'bad', message: 'x' },
      { name: 'A', email: 'a@b.co', message: ' ' },
    ]) {
      expect((await t.app.inject({ method: 'POST', url: '/api/contact', payload })).statusCode).toBe(400);
    }
    const trap = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'Bot', email: 'bot@example.com', message: 'buy', website: 'x' } });
    expect(trap.statusCode).toBe(202);
    expect(await countRows('contact_messages')).toBe(msgs + 1);
  });
});

describe.each(DIALECTS)('the founders named, upgrading from the previous version on %s (issue 56)', (dialect) => {
  it('gives each account an accepted application made its application’s name, and leaves a name already given alone', async () => {
    await atMigration(dialect, '031-events', async (database) => {
      const db = database.db as Kysely<any>;
      const now = new Date().toISOString();
      const user = async (email: string, name: string | null) =>
        (
          await db
            .insertInto('users')
            .values({ email, name, role: 'retailer', locale: 'fr', password_hash: null, created_at: now, updated_at: now })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id as number;
      const founder = await user('founder@old.example', null);
      const named = await user('named@old.example', 'Déjà Nommée');
      const alone = await user('alone@old.example', null);
      const app = (email: string, name: string, status: string, retailer: number | null) => ({
        name,
        email,
        message: '',
        company: 'Boutique',
        siret: null,
        phone: null,
        shop_type: null,
        catalog_opt_in: 0,
        consent_at: now,
        locale: 'fr',
        status,
        created_at: now,
        accepted_at: status === 'accepted' ? now : null,
        accepted_by: null,
        retailer_user_id: retailer,
        catalog_sent_at: null,
        search_text: email,
      });
      await db
        .insertInto('retailer_applications')
        .values([app('founder@old.example', 'Inès Martin', 'accepted', founder), app('named@old.example', 'Autre Nom', 'accepted', named)])
        .execute();
      await migrate(database);
      const names = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', [founder, named, alone]).orderBy('id').execute();
      expect(names).toEqual([
        { id: founder, name: 'Inès Martin' },
        { id: named, name: 'Déjà Nommée' },
        { id: alone, name: null },
      ]);
    });
  });
});

describe('form rate limits', () => {
  it('limits contact and application posts per IP address', async () => {
    const t = await createTestContext('sqlite', { FORMS_MAX_PER_IP: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        statuses.push(
          (
            await t.app.inject({
              method: 'POST',
              url: '/api/contact',
              payload: { name: 'A', email: 'a@b.co', message: `m${i}` },
              headers: { 'x-forwarded-for': `10.0.0.${i}` },
            })
          ).statusCode,
        );
      }
      expect(statuses).toEqual([202, 202, 202, 429, 429]);
      const apply = await t.app.inject({ method: 'POST', url: '/api/retailers/contact', payload: { name: 'A', email: 'a@b.co', message: 'm', consent: true } });
      expect(apply.statusCode).toBe(202);
    } finally {
      await t.close();
    }
  });
});
