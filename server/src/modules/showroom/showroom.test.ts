import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, RETAILER, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { FRENCH_SHOP, benchStyle, seasonFixture } from '../../../test/fixtures.ts';

/** A 1×1 PNG: the smallest signature there is. */
const SIGNATURE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=';

// Issue 34: the showroom's snapshot and the orders its tablets send (packs and multiples with them).
describe.each(DIALECTS)('the showroom on %s', (dialect) => {
  let t: TestContext;
  let owner: Record<string, string>;
  let shop: Record<string, string>;
  let agent: Record<string, string>;
  let other: Record<string, string>;
  let stockistId: number;
  let seasonId: number;
  let deliveries: number[];
  /** Style 1: pieces, multiple of 2; style 2: packs only. */
  let dress: { id: number; variantId: number };
  let tunic: { id: number; variantId: number; packId: number };

  const makeAgent = async (name: string, email: string) => {
    await t.app.inject({ method: 'POST', url: '/api/admin/agents', headers: owner, payload: { name, email } });
    await t.services.mail.runOnce();
    const token = /token=([A-Za-z0-9_-]+)/.exec(t.sent.filter((m) => m.to === email).at(-1)!.text)![1]!;
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'showroom-2027', password_confirmation: 'showroom-2027' },
    });
    return t.auth(await t.login(email, 'showroom-2027'));
  };
  const send = (headers: Record<string, string>, key: string, payload: object, lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url: `/api/showroom/orders?lang=${lang}`,
      headers: { ...headers, 'idempotency-key': key, 'accept-language': lang },
      payload,
    });
  const order = (lines: object[], extra: object = {}) => ({
    stockistId,
    lines,
    signature: SIGNATURE,
    takenAt: '2026-11-26T10:30:00.000Z',
    note: 'Vu sur le stand',
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestContext(dialect);
    owner = t.auth(await t.login(ADMIN.email, ADMIN.password));
    shop = t.auth(await t.login(RETAILER.email, RETAILER.password));
    stockistId =
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: shop })).json().id ??
      (await t.services.database.db.selectFrom('users').select('id').where('email', '=', RETAILER.email).executeTakeFirstOrThrow()).id;
    await t.app.inject({ method: 'PUT', url: '/api/account/company', headers: shop, payload: FRENCH_SHOP });
    const season = await t.app.inject({
      method: 'POST',
      url: '/api/admin/seasons',
      headers: owner,
      payload: seasonFixture('SS27', {
        deliveries: [
          ['Février', 60],
          ['Avril', 120],
        ],
      }),
    });
    expect(season.statusCode, season.body).toBe(201);
    seasonId = season.json().id;
    deliveries = season.json().deliveries.map((d: { id: number }) => d.id);
    const one = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: owner,
      payload: { ...benchStyle(1, ['Indigo'], ['S', 'M', 'L'], 90), orderMultiple: 2, seasonIds: [seasonId] },
    });
    expect(one.statusCode, one.body).toBe(201);
    dress = { id: one.json().id, variantId: one.json().variants[0].id };
    const two = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: owner,
      payload: {
        ...benchStyle(2, ['Ocre'], ['XS', 'S', 'M', 'L'], 50),
        packsOnly: true,
        packs: [{ name: 'Pack boutique', sizes: { XS: 1, S: 2, M: 2, L: 1 } }],
        seasonIds: [seasonId],
      },
    });
    expect(two.statusCode, two.body).toBe(201);
    tunic = { id: two.json().id, variantId: two.json().variants[0].id, packId: two.json().packs[0].id };
    agent = await makeAgent('Claire Vidal', 'claire@agents.example');
    other = await makeAgent('Paul Ferrand', 'paul@agents.example');
  });
  afterAll(() => t?.close());

  it('packs and multiples on the product: kept, shown to the trade, refused when they cannot be', async () => {
    const product = (await t.app.inject({ method: 'GET', url: `/api/products/${tunic.id}`, headers: shop })).json();
    expect(product).toMatchObject({
      packsOnly: true,
      orderMultiple: 1,
      packs: [{ id: tunic.packId, name: 'Pack boutique', sizes: { XS: 1, S: 2, M: 2, L: 1 } }],
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${tunic.id}` })).json()).not.toHaveProperty('packs');
    const admin = (await t.app.inject({ method: 'GET', url: '/api/admin/products', headers: owner })).json().find((p: { id: number }) => p.id === tunic.id);
    // A save without the fields keeps them (older screens and API callers).
    const { packs: _p, packsOnly: _o, orderMultiple: _m, ...rest } = admin;
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${tunic.id}`,
      headers: owner,
      payload: { ...rest, variants: admin.variants.map((v: Record<string, unknown>) => ({ ...v, translations: v.translations })) },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ packsOnly: true, packs: [{ id: tunic.packId }] });
    for (const [payload, error] of [
      [{ packs: [{ name: 'XXL', sizes: { XXL: 2 } }] }, 'A pack’s sizes must be sizes every colour of the style is made in.'],
      [{ packs: [{ name: '', sizes: { S: 1 } }] }, 'A pack needs a name (60 characters at most).'],
      [{ packs: [{ name: 'Vide', sizes: { S: 0 } }] }, 'A pack gives a whole number of pieces (1 to 99) for at least one size.'],
      [{ packs: [], packsOnly: true }, 'A style sold in packs only needs at least one pack.'],
      [{ orderMultiple: 0 }, 'The order multiple is a whole number from 1 to 100.'],
    ] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/products/${tunic.id}?lang=en`,
        headers: { ...owner, 'accept-language': 'en' },
        payload: { ...rest, variants: admin.variants, ...payload },
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe(error);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${tunic.id}`, headers: shop })).json().packs).toHaveLength(1);
  });

  it('a stockist orders by the pack: stored as pieces by size with the pack named; loose pieces of a packs-only style and a broken multiple are refused naming the line', async () => {
    const draft = async (lines: object[], lang = 'en') =>
      t.app.inject({ method: 'PUT', url: `/api/orders/draft?lang=${lang}`, headers: { ...shop, 'accept-language': lang }, payload: { lines } });
    const loose = await draft([{ variantId: tunic.variantId, size: 'S', quantity: 2, deliveryId: deliveries[0] }]);
    expect(loose.statusCode).toBe(422);
    expect(loose.json().error).toBe('This style is sold in packs only; order it by the pack: line 1: Style 2, Ocre, S, Février');
    const odd = await draft([{ variantId: dress.variantId, size: 'M', quantity: 3, deliveryId: deliveries[0] }], 'fr');
    expect(odd.statusCode).toBe(422);
    expect(odd.json().error).toBe(
      'Ce modèle est vendu par multiples ; chaque quantité par couleur et taille doit en être un multiple : ligne 1 : Style 1, Indigo, M, Février (× 2)',
    );
    expect((await draft([{ variantId: tunic.variantId, packId: 999999, packs: 1 }])).json().error).toMatch(
      /^This pack is not one of the style’s packs: line 1: Style 2, Ocre/,
    );
    expect((await draft([{ variantId: tunic.variantId, packId: tunic.packId, packs: 0 }])).json().error).toBe(
      'A number of packs is a whole number from 1 to 999, and makes at most 999 pieces of a size.',
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/orders/draft', headers: shop })).json().lines).toEqual([]);

    const ok = await draft([
      { variantId: tunic.variantId, packId: tunic.packId, packs: 3, deliveryId: deliveries[0] },
      { variantId: tunic.variantId, packId: tunic.packId, packs: 1, deliveryId: deliveries[1] },
      { variantId: dress.variantId, size: 'M', quantity: 4, deliveryId: deliveries[0] },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    const lines = ok.json().lines as Array<{ size: string; quantity: number; pack: { name: string; packs: number } | null; delivery: { id: number } }>;
    expect(lines.filter((l) => l.pack?.packs === 3).map((l) => [l.size, l.quantity])).toEqual([
      ['XS', 3],
      ['S', 6],
      ['M', 6],
      ['L', 3],
    ]);
    expect(lines.filter((l) => l.pack?.packs === 1).map((l) => [l.size, l.quantity, l.delivery.id])).toEqual([
      ['XS', 1, deliveries[1]],
      ['S', 2, deliveries[1]],
      ['M', 2, deliveries[1]],
      ['L', 1, deliveries[1]],
    ]);
    expect(ok.json().pieces).toBe(18 + 6 + 4);
    const submit = await t.app.inject({ method: 'POST', url: '/api/orders/draft/submit', headers: { ...shop, 'idempotency-key': randomUUID() } });
    expect(submit.statusCode, submit.body).toBe(201);
    const orders = submit.json().orders as Array<{
      lines: Array<{ pack: { name: string; packs: number } | null; quantity: number }>;
      pieces: number;
      channel: string;
      takenBy: unknown;
    }>;
    expect(orders.map((o) => o.pieces)).toEqual([22, 6]);
    expect(orders[0]!.lines.filter((l) => l.pack).every((l) => l.pack!.name === 'Pack boutique' && l.pack!.packs === 3)).toBe(true);
    expect(orders[0]).toMatchObject({ channel: 'portal', takenBy: null });
    // The cut sheet counts pieces as ever.
    const cut = await t.app.inject({ method: 'GET', url: '/api/admin/production?season=SS27', headers: owner });
    expect(cut.statusCode, cut.body).toBe(200);
    expect(cut.json().total).toBe(28);
  });

  it('the snapshot: for the owner and her agents only, in one answer with a version; the same version again is 304', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/showroom/snapshot' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/showroom/snapshot', headers: shop })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/showroom/snapshot?season=NOPE', headers: agent })).statusCode).toBe(404);
    const res = await t.app.inject({ method: 'GET', url: '/api/showroom/snapshot?season=SS27&lang=fr', headers: agent });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toContain('private');
    const snap = res.json();
    expect(snap.season).toMatchObject({ code: 'SS27', state: 'open' });
    expect(snap.season.deliveries.map((d: { id: number }) => d.id)).toEqual(deliveries);
    const style = snap.styles.find((s: { id: number }) => s.id === tunic.id);
    expect(style).toMatchObject({
      reference: 'BENCH-2',
      packsOnly: true,
      packs: [{ id: tunic.packId }],
      variants: [{ price: 50, sizes: ['XS', 'S', 'M', 'L'] }],
    });
    // One picture per colour at tablet size.
    expect(style.variants[0].image).toBe('/uploads/aaaaaaaaaaaaaaaaaaaaaaaa-1200x1500-480.webp');
    expect(snap.stockists).toEqual([
      expect.objectContaining({ id: stockistId, name: FRENCH_SHOP.companyName, town: FRENCH_SHOP.billing!.town, hasOrdered: true }),
    ]);
    const same = await t.app.inject({
      method: 'GET',
      url: '/api/showroom/snapshot?season=SS27&lang=fr',
      headers: { ...agent, 'if-none-match': res.headers.etag as string },
    });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    // A change in stock is a new version.
    await t.app.inject({ method: 'PUT', url: '/api/admin/stock', headers: owner, payload: { items: [{ variantId: dress.variantId, size: 'S', onHand: 4 }] } });
    const changed = await t.app.inject({
      method: 'GET',
      url: '/api/showroom/snapshot?season=SS27&lang=fr',
      headers: { ...agent, 'if-none-match': res.headers.etag as string },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().styles.find((s: { id: number }) => s.id === dress.id).variants[0].available.S).toBe(4);
  });

  it('refuses what it cannot take with a clear sentence, writing nothing', async () => {
    const key = randomUUID();
    for (const [headers, body, status, error] of [
      [agent, order([{ variantId: dress.variantId, size: 'M', quantity: 2 }], { stockistId: 999999 }), 422, 'This stockist does not exist or is not approved.'],
      [
        agent,
        order([{ variantId: dress.variantId, size: 'M', quantity: 2 }], { signature: 'data:text/html;base64,PGI+' }),
        400,
        'The signature must be a PNG or JPEG image of 200 KB at most.',
      ],
      [
        agent,
        order([{ variantId: dress.variantId, size: 'M', quantity: 2 }], { signature: `data:image/png;base64,${'A'.repeat(300_000)}` }),
        400,
        'The signature must be a PNG or JPEG image of 200 KB at most.',
      ],
      [agent, order([]), 400, 'An order needs at least one line.'],
      [
        agent,
        order([{ variantId: dress.variantId, size: 'M', quantity: 2 }], {
          newShop: { companyName: 'X', email: 'x@x.example', address: { line1: 'a', postcode: '1', town: 't', country: 'FR' } },
        }),
        400,
        'Choose a stockist or enter a new shop (one of the two).',
      ],
      [shop, order([{ variantId: dress.variantId, size: 'M', quantity: 2 }]), 403, null],
    ] as const) {
      const res = await send(headers, key, body);
      expect(res.statusCode, res.body).toBe(status);
      if (error) expect(res.json().error).toBe(error);
    }
    const noKey = await t.app.inject({
      method: 'POST',
      url: '/api/showroom/orders',
      headers: agent,
      payload: order([{ variantId: dress.variantId, size: 'M', quantity: 2 }]),
    });
    expect(noKey.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders?channel=showroom', headers: owner })).json().data).toEqual([]);
  });

  let firstKey: string;

  it('takes an order for a stockist: split by delivery, each numbered, taken by the agent; the same id twice at once makes one; another agent cannot reuse it', async () => {
    firstKey = randomUUID();
    const body = order([
      { variantId: tunic.variantId, packId: tunic.packId, packs: 2, deliveryId: deliveries[0], unitPrice: 50 },
      { variantId: dress.variantId, size: 'L', quantity: 2, deliveryId: deliveries[1], unitPrice: 90 },
      { variantId: dress.variantId, size: 'S', quantity: 2, mode: 'atOnce', unitPrice: 90 },
    ]);
    const [a, b] = await Promise.all([send(agent, firstKey, body), send(agent, firstKey, body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 201]);
    expect(a.json()).toEqual(b.json());
    expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']].filter(Boolean)).toHaveLength(1);
    const answer = a.json();
    expect(answer).toMatchObject({ id: firstKey, status: 'made', shop: FRENCH_SHOP.companyName, applicationId: null });
    expect(answer.orders.map((o: { mode: string; pieces: number }) => [o.mode, o.pieces])).toEqual([
      ['atOnce', 2],
      ['preBook', 12],
      ['preBook', 2],
    ]);
    const again = await send(agent, firstKey, body);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(answer);
    const stolen = await send(other, firstKey, body);
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().error).toBe('This order id was already used by another person’s order.');

    const listed = (await t.app.inject({ method: 'GET', url: '/api/admin/orders?channel=showroom', headers: owner })).json().data;
    expect(listed).toHaveLength(3);
    expect(listed[0]).toMatchObject({ channel: 'showroom', takenBy: { name: 'Claire Vidal' } });
    const agentId = listed[0].takenBy.id;
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/orders?agent=${agentId}`, headers: owner })).json().data).toHaveLength(3);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders?channel=portal', headers: owner })).json().data).toHaveLength(2);
    // The stockist sees who took it, on their own order.
    const mine = await t.app.inject({ method: 'GET', url: `/api/orders/${answer.orders[1].id}`, headers: shop });
    expect(mine.json()).toMatchObject({ channel: 'showroom', takenBy: { name: 'Claire Vidal' }, note: 'Vu sur le stand' });
    // At-once pieces were reserved.
    const availability = (await t.app.inject({ method: 'GET', url: `/api/wholesale/availability/${dress.id}`, headers: shop })).json();
    expect(availability.variants[0].sizes.find((s: { size: string }) => s.size === 'S')).toMatchObject({ state: 'inStock', available: 2 });
    // The buyer's mail, in their language, with the signed PDF; the owner's notice; the activity log.
    await t.services.mail.runOnce();
    const mail = t.sent.find((m) => m.to === RETAILER.email && m.subject.includes('showroom'))!;
    expect(mail.text).toContain('Claire Vidal');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments![0]!.contentType).toBe('application/pdf');
    expect(mail.attachments![0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(t.sent.filter((m) => m.to === RETAILER.email && m.subject.includes(answer.orders[0].number))).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/activity?kind=order', headers: owner })).body).toContain('Claire Vidal');
  });

  it('refuses an order whose lines no longer go, with a reason per line; mended, the same id goes', async () => {
    const key = randomUUID();
    const lines = [
      { variantId: dress.variantId, size: 'M', quantity: 2, deliveryId: deliveries[0], unitPrice: 80 },
      { variantId: dress.variantId, size: 'S', quantity: 8, mode: 'atOnce', unitPrice: 90 },
      { variantId: tunic.variantId, size: 'S', quantity: 2, deliveryId: deliveries[0] },
      { variantId: dress.variantId, size: 'L', quantity: 3, deliveryId: deliveries[0] },
      // 500 packs make 1,000 of size S: refused, never cut down to 999 without a word.
      { variantId: tunic.variantId, packId: tunic.packId, packs: 500, deliveryId: deliveries[0] },
    ];
    const res = await send(agent, key, order(lines), 'fr');
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatch(/^Cette commande ne peut pas être envoyée telle quelle/);
    expect(res.json().reasons.map((r: { line: number; reason: string }) => [r.line, r.reason])).toEqual([
      [0, 'priceChanged'],
      [1, 'notInStock'],
      [2, 'packsOnly'],
      [3, 'notMultiple'],
      [4, 'tooMany'],
    ]);
    expect(res.json().reasons[4].message).toBe('Style 2, Ocre, 500 × Pack boutique : plus de 999 pièces d’une taille');
    expect(res.json().reasons[0].message).toMatch(/^Style 1, Indigo, M : le prix a changé \(90,00\s€\)$/);
    expect(res.json().reasons[1].message).toContain('(2 restante(s))');
    // The season's window closes meanwhile: its lines say so.
    const season = (await t.app.inject({ method: 'GET', url: '/api/admin/seasons', headers: owner }))
      .json()
      .data.find((s: { id: number }) => s.id === seasonId);
    const closeDay = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/seasons/${seasonId}`,
      headers: owner,
      payload: { ...season, ordersOpen: '2026-01-01', ordersClose: closeDay },
    });
    expect(put.statusCode, put.body).toBe(200);
    const closed = await send(agent, key, order([{ variantId: dress.variantId, size: 'M', quantity: 2, deliveryId: deliveries[0] }]));
    expect(closed.statusCode).toBe(422);
    expect(closed.json().reasons).toEqual([expect.objectContaining({ line: 0, reason: 'windowClosed' })]);
    // Mended: at once, from stock, at today's price.
    const mended = await send(agent, key, order([{ variantId: dress.variantId, size: 'S', quantity: 2, mode: 'atOnce', unitPrice: 90 }]));
    expect(mended.statusCode, mended.body).toBe(201);
    expect(mended.json().orders).toHaveLength(1);
    await t.app.inject({ method: 'PUT', url: `/api/admin/seasons/${seasonId}`, headers: owner, payload: season });
  });

  it('a new shop: its order makes a pending application and waits; approving the shop makes the order', async () => {
    const key = randomUUID();
    const newShop = {
      companyName: 'La Mercerie du Port',
      contactName: 'Anne Riou',
      email: 'anne@mercerie.example',
      address: { line1: '4 quai Est', postcode: '56100', town: 'Lorient', country: 'FR' },
      vatNumber: 'FR40303265045',
      siret: '30326504500014',
      locale: 'en',
    };
    const res = await send(agent, key, {
      lines: [{ variantId: tunic.variantId, packId: tunic.packId, packs: 1, deliveryId: deliveries[0] }],
      newShop,
      signature: SIGNATURE,
      takenAt: '2026-11-26T11:00:00Z',
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ status: 'waiting', orders: [], shop: 'La Mercerie du Port' });
    const applicationId = res.json().applicationId as number;
    const status = await t.app.inject({ method: 'GET', url: `/api/showroom/orders/${key}`, headers: agent });
    expect(status.json()).toMatchObject({ status: 202, answer: { status: 'waiting' } });
    const theirs = await t.app.inject({ method: 'GET', url: `/api/showroom/orders/${key}?lang=en`, headers: other });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error).toBe('No showroom order of yours has this id (introuvable).');
    const application = (await t.app.inject({ method: 'GET', url: '/api/admin/retailers/applications?status=pending', headers: owner }))
      .json()
      .data.find((a: { id: number }) => a.id === applicationId);
    expect(application).toMatchObject({ company: 'La Mercerie du Port', email: 'anne@mercerie.example', name: 'Anne Riou' });
    expect(application.message).toContain('Claire Vidal');
    // The same address again while it waits: refused as a stockist it is not yet? No: the same pending application takes it.
    const accept = await t.app.inject({ method: 'POST', url: `/api/admin/retailers/applications/${applicationId}/accept`, headers: owner });
    expect(accept.statusCode, accept.body).toBe(200);
    const made = (await t.app.inject({ method: 'GET', url: `/api/showroom/orders/${key}`, headers: agent })).json();
    expect(made).toMatchObject({ status: 201, answer: { status: 'made', orders: [expect.objectContaining({ pieces: 6 })] } });
    const listed = (await t.app.inject({ method: 'GET', url: '/api/admin/orders?channel=showroom', headers: owner })).json().data;
    expect(listed.find((o: { id: number }) => o.id === made.answer.orders[0].id)).toMatchObject({
      shop: 'La Mercerie du Port',
      takenBy: { name: 'Claire Vidal' },
    });
    // The shop became a company with its first door, at the address taken on the tablet; the order goes there (issue 46).
    const placed = (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${made.answer.orders[0].id}?lang=en`, headers: owner })).json();
    const company = (await t.app.inject({ method: 'GET', url: `/api/admin/companies/${placed.shop.userId}`, headers: owner })).json();
    expect(company.doors.map((d: { name: string; address: { town: string } }) => [d.name, d.address.town])).toEqual([['La Mercerie du Port', 'Lorient']]);
    expect(placed.door).toMatchObject({ id: company.doors[0].id, town: 'Lorient' });
    await t.services.mail.runOnce();
    const mail = t.sent.find((m) => m.to === 'anne@mercerie.example' && m.subject.includes('showroom'))!;
    expect(mail.subject).toContain('Your order at the showroom');
    expect(mail.attachments![0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    // A new shop whose address already has an account is told to choose it among the stockists.
    const taken = await send(agent, randomUUID(), {
      lines: [{ variantId: tunic.variantId, packId: tunic.packId, packs: 1 }],
      newShop: { ...newShop, email: RETAILER.email },
      signature: SIGNATURE,
      takenAt: '2026-11-26T11:00:00Z',
    });
    expect(taken.statusCode).toBe(409);
  });

  it('a company with two doors: the snapshot lists them, the agent’s order goes to the door chosen; another company’s door is refused (issue 46)', async () => {
    const doors = (await t.app.inject({ method: 'GET', url: '/api/account/doors', headers: shop })).json().data as Array<{ id: number }>;
    const annecy = await t.app.inject({
      method: 'POST',
      url: '/api/account/doors',
      headers: shop,
      payload: { name: 'Annecy', address: { line1: '8 rue Royale', line2: '', postcode: '74000', town: 'Annecy', country: 'FR' } },
    });
    expect(annecy.statusCode, annecy.body).toBe(201);
    const snapshot = (await t.app.inject({ method: 'GET', url: '/api/showroom/snapshot', headers: agent })).json();
    const listed = snapshot.stockists.find((s: { id: number }) => s.id === stockistId);
    expect(listed.doors.map((d: { town: string }) => d.town)).toEqual([...doors.map(() => 'Sète'), 'Annecy']);
    const key = randomUUID();
    const res = await send(
      agent,
      key,
      order([{ variantId: tunic.variantId, packId: tunic.packId, packs: 1, deliveryId: deliveries[0] }], { doorId: annecy.json().id }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const made = (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${res.json().orders[0].id}?lang=en`, headers: owner })).json();
    expect(made.door).toMatchObject({ name: 'Annecy', town: 'Annecy' });
    expect(made.shop.company.delivery).toMatchObject({ line1: '8 rue Royale', town: 'Annecy' });
    // A door of another company: 422, nothing written.
    const stranger = await t.services.users.create({ email: 'elsewhere@test.example', role: 'retailer', password: 'elsewhere-2027', locale: 'en' });
    const strangerHeaders = t.auth(await t.login('elsewhere@test.example', 'elsewhere-2027'));
    await t.app.inject({ method: 'PUT', url: '/api/account/company', headers: strangerHeaders, payload: FRENCH_SHOP });
    const theirDoor = (await t.app.inject({ method: 'GET', url: '/api/account/doors', headers: strangerHeaders })).json().data[0].id as number;
    expect(stranger.id).not.toBe(stockistId);
    const before = await t.services.database.db.selectFrom('orders').select('id').execute();
    const wrong = await send(
      agent,
      randomUUID(),
      order([{ variantId: tunic.variantId, packId: tunic.packId, packs: 1, deliveryId: deliveries[0] }], { doorId: theirDoor }),
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error).toBe('This door is not one of this company’s.');
    expect(await t.services.database.db.selectFrom('orders').select('id').execute()).toHaveLength(before.length);
    await t.app.inject({ method: 'DELETE', url: `/api/account/doors/${annecy.json().id}`, headers: shop });
  });

  it('a new shop approved after its window closed: the order is not made, it is kept refused with the reason and told in the activity log', async () => {
    const key = randomUUID();
    const newShop = {
      companyName: 'Bazar Tardif',
      email: 'tard@bazar.example',
      address: { line1: '1 rue Basse', postcode: '29000', town: 'Quimper', country: 'FR' },
      locale: 'fr',
    };
    const res = await send(agent, key, {
      lines: [{ variantId: tunic.variantId, packId: tunic.packId, packs: 2, deliveryId: deliveries[0] }],
      newShop,
      signature: SIGNATURE,
      takenAt: '2026-11-26T12:00:00Z',
    });
    expect(res.statusCode, res.body).toBe(202);
    const season = (await t.app.inject({ method: 'GET', url: '/api/admin/seasons', headers: owner }))
      .json()
      .data.find((s: { id: number }) => s.id === seasonId);
    const closeDay = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/admin/seasons/${seasonId}`,
          headers: owner,
          payload: { ...season, ordersOpen: '2026-01-01', ordersClose: closeDay },
        })
      ).statusCode,
    ).toBe(200);
    try {
      const before = (await t.app.inject({ method: 'GET', url: '/api/admin/orders?channel=showroom', headers: owner })).json().data.length;
      const accept = await t.app.inject({ method: 'POST', url: `/api/admin/retailers/applications/${res.json().applicationId}/accept`, headers: owner });
      // The shop is approved all the same.
      expect(accept.statusCode, accept.body).toBe(200);
      expect(accept.json().status).toBe('accepted');
      const state = (await t.app.inject({ method: 'GET', url: `/api/showroom/orders/${key}`, headers: agent })).json();
      expect(state.status).toBe(422);
      expect(state.answer.reasons).toEqual([expect.objectContaining({ line: 0, reason: 'windowClosed' })]);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders?channel=showroom', headers: owner })).json().data).toHaveLength(before);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/activity?kind=order', headers: owner })).body).toContain(
        'la fenêtre de commande est fermée',
      );
    } finally {
      await t.app.inject({ method: 'PUT', url: `/api/admin/seasons/${seasonId}`, headers: owner, payload: season });
    }
  });

  it('a signature is read by its bytes: an HTML page or a JPEG labelled PNG is refused (422), nothing stored (issue 46)', async () => {
    const before = (await t.services.database.db.selectFrom('showroom_submissions').select('id').execute()).length;
    const html = `data:image/png;base64,${Buffer.from('<html><script>alert(1)</script></html>').toString('base64')}`;
    const jpegAsPng = `data:image/png;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]).toString('base64')}`;
    const truncatedPng = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]).toString('base64')}`;
    for (const signature of [html, jpegAsPng, truncatedPng]) {
      const res = await send(agent, randomUUID(), order([{ variantId: dress.variantId, size: 'M', quantity: 2 }], { signature }));
      expect(res.statusCode, signature.slice(0, 40)).toBe(422);
      expect(res.json().error).toBe('The signature must be a PNG or JPEG image of 200 KB at most.');
    }
    expect((await t.services.database.db.selectFrom('showroom_submissions').select('id').execute()).length).toBe(before);
  });

  it('the snapshot of a season carries that season’s own terms, with two seasons open (issue 46)', async () => {
    const other = seasonFixture('AW27X', { names: ['Hiver', 'Winter'] });
    other.terms = {
      openingMinimum: 777,
      reorderMinimum: 333,
      orderEmail: 'orders@test.example',
      translations: [
        { locale: 'fr', paymentTerms: '60 jours fin de mois', deliveryWindow: '', shippingNotes: '' },
        { locale: 'en', paymentTerms: '60 days end of month', deliveryWindow: '', shippingNotes: '' },
      ],
    };
    const made = await t.app.inject({ method: 'POST', url: '/api/admin/seasons', headers: owner, payload: other });
    expect(made.statusCode, made.body).toBe(201);
    const terms = async (code: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/showroom/snapshot?season=${code}&lang=en`, headers: agent })).json().terms as Record<string, unknown>;
    expect(await terms('AW27X')).toMatchObject({ openingMinimum: 777, reorderMinimum: 333, paymentTerms: '60 days end of month' });
    const first = await terms('SS27');
    expect(first.openingMinimum).not.toBe(777);
    expect(first.paymentTerms).not.toBe('60 days end of month');
  });
});
