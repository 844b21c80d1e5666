import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage, AdminListing, AdminPage, AdminProduct, HomeContent, FaqContent, PublicListing } from '@atelier/contract';
import { ADMIN, DIALECTS, RETAILER, createTestContext, fileForm, type TestContext } from '../../../test/helpers.ts';
import { sampleProduct } from '../../../test/fixtures.ts';

const SHOP2 = { email: 'second-shop@test.example', password: 'shop-pass-2027' };

describe.each(DIALECTS)('the owner runs the site, on %s', (dialect) => {
  let t: TestContext;
  let admin: Record<string, string>;
  let shop: Record<string, string>;
  let shop2: Record<string, string>;

  beforeAll(async () => {
    t = await createTestContext(dialect, { LOGIN_MAX_PER_IP: '100000' });
    await t.services.users.create({ email: SHOP2.email, role: 'retailer', password: SHOP2.password });
    admin = t.auth(await t.login(ADMIN.email, ADMIN.password));
    shop = t.auth(await t.login(RETAILER.email, RETAILER.password));
    shop2 = t.auth(await t.login(SHOP2.email, SHOP2.password));
  });
  afterAll(async () => t.close());

  const getPage = async <T>(page: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/pages/${page}`, headers: admin });
    expect(res.statusCode).toBe(200);
    return res.json<AdminPage & { content: T }>();
  };
  const putPage = (page: string, version: number, content: unknown, headers = admin) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/pages/${page}?lang=en`, headers, payload: { version, content } });
  const activity = async (kind?: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/activity${kind ? `?kind=${kind}` : ''}`, headers: admin })).json<ActivityPage>();

  describe('page texts', () => {
    it('a fresh database serves the label’s original texts (version 0): 13 mantras, 10 questions, the §2 size guide', async () => {
      const home = await getPage<HomeContent>('home');
      expect(home.version).toBe(0);
      expect(home.content.title.fr).toBe('Le lin, le soleil et le temps long');
      expect(home.content.title.en).toBe('Linen, sun and slow time');
      expect(home.content.mantras).toHaveLength(13);
      const faq = await getPage<FaqContent>('faq');
      expect(faq.content.items).toHaveLength(10);
      expect(faq.content.sizeGuide[0]).toEqual(['34', '36', '80-84', '62-66', '86-90', 'XS']);
      expect(faq.content.sizeGuide).toHaveLength(6);
      expect((await t.services.pages.texts('home', 'en')).mantras[0]).toBe('Walk slowly, look far.');
    });

    it('round-trips a save (trimmed), bumps the version, renders it per language and logs it in the same transaction', async () => {
      const home = await getPage<HomeContent>('home');
      const content: HomeContent = {
        ...home.content,
        title: { fr: '  Le lin et la mer  ', en: 'Linen and the sea' },
        kicker: { fr: 'Petites séries', en: '' },
        mantras: [{ fr: '<b>Respirer</b>', en: 'Breathe' }, ...home.content.mantras.slice(1)],
      };
      const res = await putPage('home', 0, content);
      expect(res.statusCode).toBe(200);
      const saved = res.json<AdminPage & { content: HomeContent }>();
      expect(saved.version).toBe(1);
      expect(saved.updatedBy).toBe(ADMIN.email);
      expect(saved.content.title.fr).toBe('Le lin et la mer');
      expect((await getPage<HomeContent>('home')).content.mantras[0]).toEqual({ fr: '<b>Respirer</b>', en: 'Breathe' });
      const fr = await t.services.pages.texts('home', 'fr');
      const en = await t.services.pages.texts('home', 'en');
      expect(fr.title).toBe('Le lin et la mer');
      expect(en.title).toBe('Linen and the sea');
      // An optional text left empty in English reads the French one rather than nothing.
      expect(en.kicker).toBe('Petites séries');
      const log = await activity('page');
      expect(log.data[0]).toMatchObject({ kind: 'page', action: 'save', subject: 'home', by: ADMIN.email });
    });

    it('refuses a stale version with 409 and a message, keeping the first save', async () => {
      const story = await getPage<{ paragraphs: Array<{ fr: string; en: string }> }>('story');
      const first = await putPage('story', story.version, { paragraphs: [{ fr: 'Premier', en: 'First' }] });
      expect(first.statusCode).toBe(200);
      const second = await putPage('story', story.version, { paragraphs: [{ fr: 'Second', en: 'Second' }] });
      expect(second.statusCode).toBe(409);
      expect(second.json().error).toMatch(/changed by someone else/);
      expect((await t.services.pages.texts('story', 'fr')).paragraphs).toEqual(['Premier']);
    });

    it('two owners saving the same version at once: exactly one wins, the other is told to reload', async () => {
      const faq = await getPage<FaqContent>('faq');
      const results = await Promise.all(
        [1, 2, 3, 4].map((n) => putPage('faq', faq.version, { ...faq.content, intro: { fr: `Intro ${n}`, en: `Intro ${n}` } })),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
      const winner = results.find((r) => r.statusCode === 200)!.json<AdminPage & { content: FaqContent }>();
      const now = await getPage<FaqContent>('faq');
      expect(now.version).toBe(faq.version + 1);
      expect(now.content.intro).toEqual(winner.content.intro);
      expect((await activity('page')).data.filter((e) => e.subject === 'faq')).toHaveLength(1);
    });

    it.each([
      ['the last mantra removed', 'home', (c: HomeContent) => ({ ...c, mantras: [] }), 'Keep at least one mantra.'],
      [
        'a title missing in English',
        'home',
        (c: HomeContent) => ({ ...c, title: { fr: 'Titre', en: '  ' } }),
        'This text is required in French and in English.',
      ],
      ['a title of 201 characters', 'home', (c: HomeContent) => ({ ...c, title: { fr: 'x'.repeat(201), en: 'ok' } }), 'A text is too long for its field.'],
      [
        'a hero image from elsewhere',
        'home',
        (c: HomeContent) => ({ ...c, heroImage: 'https://evil.example/x.jpg' }),
        'The hero image must be an image uploaded here.',
      ],
    ] as const)('refuses %s with 400 and changes nothing', async (_name, page, change, message) => {
      const before = await getPage<HomeContent>(page);
      const res = await putPage(page, before.version, change(before.content));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
      expect(await getPage<HomeContent>(page)).toEqual(before);
    });

    it('refuses the last FAQ entry removed and a size row of 5 cells, in French for a French caller', async () => {
      const faq = await getPage<FaqContent>('faq');
      const none = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/pages/faq?lang=fr',
        headers: admin,
        payload: { version: faq.version, content: { ...faq.content, items: [] } },
      });
      expect(none.statusCode).toBe(400);
      expect(none.json().error).toBe('Gardez au moins une question dans la FAQ.');
      const short = await putPage('faq', faq.version, { ...faq.content, sizeGuide: [['34', '36', '80-84', '62-66', '86-90']] });
      expect(short.statusCode).toBe(400);
      expect(short.json().error).toMatch(/6 cells/);
      expect((await getPage<FaqContent>('faq')).version).toBe(faq.version);
    });

    it('answers 400 for an unknown page, 401 anonymous and 403 for a stockist', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/pages/about', headers: admin })).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/pages/home' })).statusCode).toBe(401);
      expect((await putPage('home', 1, {}, shop)).statusCode).toBe(403);
    });
  });

  describe('product status and collection order', () => {
    let published: number;
    let draft: number;
    let third: number;

    beforeAll(async () => {
      const create = async (title: string, status?: 'draft' | 'published', colour = '#B5573A') => {
        const payload = sampleProduct({
          ...(status ? { status } : {}),
          translations: [
            { locale: 'fr', title, description: 'Une pièce.', mantra: null },
            { locale: 'en', title: `${title} EN`, description: 'A piece.', mantra: null },
          ],
        });
        payload.variants[0]!.colorCode = colour;
        const res = await t.app.inject({ method: 'POST', url: '/api/admin/products', headers: admin, payload });
        expect(res.statusCode).toBe(201);
        return res.json<AdminProduct>();
      };
      const p = await create('Robe Publiée');
      expect(p.status).toBe('published');
      published = p.id;
      const d = await create('Robe Brouillon', 'draft');
      expect(d.status).toBe('draft');
      draft = d.id;
      third = (await create('Jupe Troisième', 'published', '#B5573B')).id;
    });

    it('a draft reaches no visitor and no stockist: list, detail 404, similar, sitemap, line-sheet list, orderable', async () => {
      for (const headers of [{}, shop]) {
        const list = (await t.app.inject({ method: 'GET', url: '/api/products', headers })).json<Array<{ id: number }>>();
        expect(list.map((p) => p.id)).toContain(published);
        expect(list.map((p) => p.id)).not.toContain(draft);
        expect((await t.app.inject({ method: 'GET', url: `/api/products/${draft}`, headers })).statusCode).toBe(404);
      }
      const similar = (await t.app.inject({ method: 'GET', url: `/api/products/${published}/similar` })).json<Array<{ id: number }>>();
      expect(similar.map((p) => p.id)).toContain(third);
      expect(similar.map((p) => p.id)).not.toContain(draft);
      expect((await t.app.inject({ method: 'GET', url: `/api/products/${draft}/similar` })).statusCode).toBe(404);
      const sitemap = (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
      expect(sitemap).toContain(`/collection/${published}`);
      expect(sitemap).not.toContain(`/collection/${draft}<`);
      // What the server-rendered pages, the story carousel and the line sheet read.
      expect((await t.services.catalogue.listPublic('fr')).map((p) => p.id)).not.toContain(draft);
      expect(await t.services.catalogue.getPublic(draft, 'fr')).toBeNull();
      expect((await t.services.catalogue.listFull()).map((p) => p.id)).not.toContain(draft);
      const draftVariant = (await t.services.catalogue.getAdmin(draft, 'fr'))!.variants[0]!.id;
      expect((await t.services.catalogue.orderable([draftVariant])).size).toBe(0);
      // A retailer cannot put a draft's piece in an order.
      const order = await t.app.inject({
        method: 'PUT',
        url: '/api/orders/draft',
        headers: shop,
        payload: { lines: [{ variantId: draftVariant, size: 'M', quantity: 2 }] },
      });
      expect(JSON.stringify(order.json())).not.toContain('Robe Brouillon');
    });

    it('the admin sees drafts, marked, and can read one for the preview', async () => {
      const all = (await t.app.inject({ method: 'GET', url: '/api/admin/products', headers: admin })).json<AdminProduct[]>();
      expect(all.find((p) => p.id === draft)?.status).toBe('draft');
      const one = await t.app.inject({ method: 'GET', url: `/api/admin/products/${draft}?lang=en`, headers: admin });
      expect(one.statusCode).toBe(200);
      expect(one.json<AdminProduct>().title).toBe('Robe Brouillon EN');
      expect((await t.app.inject({ method: 'GET', url: `/api/admin/products/${draft}`, headers: shop })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/products/999999', headers: admin })).statusCode).toBe(404);
    });

    it('publishing makes it public at once, and the log says so with the price change of the same save', async () => {
      const current = (await t.app.inject({ method: 'GET', url: `/api/admin/products/${draft}`, headers: admin })).json<AdminProduct>();
      await t.app.inject({ method: 'GET', url: '/api/products' }); // warm the public cache
      const payload = {
        status: 'published',
        reference: null,
        translations: current.translations,
        variants: current.variants.map((v, i) => ({ ...v, price: i === 0 ? v.price + 10 : v.price })),
      };
      const res = await t.app.inject({ method: 'PUT', url: `/api/admin/products/${draft}`, headers: admin, payload });
      expect(res.statusCode).toBe(200);
      const list = (await t.app.inject({ method: 'GET', url: '/api/products' })).json<Array<{ id: number }>>();
      expect(list.map((p) => p.id)).toContain(draft);
      const status = (await activity('status')).data[0]!;
      expect(status).toMatchObject({ kind: 'status', action: 'publish', subject: 'Robe Brouillon', subjectId: String(draft), by: ADMIN.email });
      const price = (await activity('price')).data[0]!;
      expect(price).toMatchObject({ kind: 'price', action: 'change', subject: 'Robe Brouillon · Terracotta' });
      expect(price.detail).toEqual({ from: current.variants[0]!.price, to: current.variants[0]!.price + 10 });
      // Back to draft: unpublished and gone again.
      await t.app.inject({ method: 'PUT', url: `/api/admin/products/${draft}`, headers: admin, payload: { ...payload, status: 'draft' } });
      expect((await t.app.inject({ method: 'GET', url: `/api/products/${draft}` })).statusCode).toBe(404);
      expect((await activity('status')).data[0]).toMatchObject({ action: 'unpublish' });
    });

    it('a new product comes first; the owner’s order is followed by the API, the admin list and the line-sheet list', async () => {
      const before = (await t.app.inject({ method: 'GET', url: '/api/products' })).json<Array<{ id: number }>>().map((p) => p.id);
      expect(before[0]).toBe(third);
      const all = (await t.app.inject({ method: 'GET', url: '/api/admin/products', headers: admin })).json<AdminProduct[]>().map((p) => p.id);
      const wanted = [published, ...all.filter((id) => id !== published)];
      const res = await t.app.inject({ method: 'PUT', url: '/api/admin/products/order', headers: admin, payload: { ids: wanted } });
      expect(res.statusCode).toBe(204);
      expect((await t.app.inject({ method: 'GET', url: '/api/products' })).json<Array<{ id: number }>>()[0]!.id).toBe(published);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/products', headers: admin })).json<AdminProduct[]>().map((p) => p.id)).toEqual(wanted);
      expect((await t.services.catalogue.listFull())[0]!.id).toBe(published);
      expect((await activity('product')).data[0]).toMatchObject({ action: 'reorder' });
    });

    it.each([
      ['a missing product', (ids: number[]) => ids.slice(1)],
      ['a repeated id', (ids: number[]) => [...ids, ids[0]!]],
      ['an unknown id', (ids: number[]) => [...ids.slice(1), 999999]],
    ])('refuses an order with %s (400) and keeps the one there was', async (_name, change) => {
      const ids = (await t.app.inject({ method: 'GET', url: '/api/admin/products', headers: admin })).json<AdminProduct[]>().map((p) => p.id);
      const res = await t.app.inject({ method: 'PUT', url: '/api/admin/products/order?lang=en', headers: admin, payload: { ids: change(ids) } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('The new order must name every product once.');
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/products', headers: admin })).json<AdminProduct[]>().map((p) => p.id)).toEqual(ids);
    });

    it('refuses an unknown status; a product saved without one (the §7 payload) is published', async () => {
      const bad = await t.app.inject({ method: 'POST', url: '/api/admin/products?lang=en', headers: admin, payload: { ...sampleProduct(), status: 'hidden' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe('The status is published or draft.');
      const plain = await t.app.inject({ method: 'POST', url: '/api/admin/products', headers: admin, payload: sampleProduct() });
      expect(plain.json<AdminProduct>().status).toBe('published');
      const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/products/${plain.json<AdminProduct>().id}`, headers: admin });
      expect(del.statusCode).toBe(204);
      expect((await activity('product')).data[0]).toMatchObject({ action: 'delete', subject: 'Robe Test' });
    });
  });

  describe('where to buy', () => {
    const listing = {
      listed: true,
      name: 'La Mercerie du Port',
      address: '3 quai de la Marine',
      postcode: '34200',
      city: 'Sète',
      country: 'fr',
      website: 'https://mercerie.example',
      instagram: 'https://www.instagram.com/mercerie.du.port/',
      description: { fr: 'Face aux bateaux, <script>alert(1)</script>', en: 'Facing the boats.' },
      logoUrl: null as string | null,
    };
    const put = (payload: Record<string, unknown>, headers = shop) => t.app.inject({ method: 'PUT', url: '/api/account/listing', headers, payload });
    const publicList = async (q = '', lang = 'fr') =>
      (await t.app.inject({ method: 'GET', url: `/api/stockists?lang=${lang}${q ? `&q=${encodeURIComponent(q)}` : ''}` })).json<{ data: PublicListing[] }>()
        .data;

    it('nothing about a stockist who has not opted in is public', async () => {
      const mine = await t.app.inject({ method: 'GET', url: '/api/account/listing', headers: shop });
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toMatchObject({ listed: false, hidden: false });
      await put({ ...listing, listed: false });
      expect(await publicList()).toEqual([]);
      expect(await t.services.listings.carousel('fr')).toEqual([]);
    });

    it('opting in publishes the shop (normalised, markup kept as text), found by town or postcode, without e-mail', async () => {
      const res = await put(listing);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ listed: true, country: 'FR', instagram: 'mercerie.du.port' });
      const all = await publicList();
      expect(all).toHaveLength(1);
      expect(all[0]).toMatchObject({
        name: 'La Mercerie du Port',
        city: 'Sète',
        postcode: '34200',
        website: 'https://mercerie.example',
        instagram: 'mercerie.du.port',
      });
      expect(all[0]!.description).toBe('Face aux bateaux, <script>alert(1)</script>');
      expect(JSON.stringify(all)).not.toContain(RETAILER.email);
      expect((await publicList('', 'en'))[0]!.description).toBe('Facing the boats.');
      expect(await publicList('sete')).toHaveLength(1);
      expect(await publicList('SÈTE')).toHaveLength(1);
      expect(await publicList('342')).toHaveLength(1);
      expect(await publicList('75')).toHaveLength(0);
      expect(await publicList('Lyon')).toHaveLength(0);
    });

    it.each([
      ['listed without a town', { city: '' }, 'To appear on “Where to buy”, the shop needs a name, a postcode and a town.'],
      ['a javascript: website', { website: 'javascript:alert(1)' }, 'The website must be an address starting with https:// or http://.'],
      [
        'an Instagram name with spaces',
        { instagram: 'my shop' },
        'The Instagram account is a name like @maison.solene (letters, digits, dots and underscores).',
      ],
      ['a logo from elsewhere', { logoUrl: 'https://evil.example/logo.png' }, 'The logo must be an image uploaded here.'],
      ['a description of 501 characters', { description: { fr: 'x'.repeat(501), en: '' } }, 'A detail of the listing is too long.'],
    ])('refuses %s with 400 and changes nothing', async (_name, change, message) => {
      const before = (await t.app.inject({ method: 'GET', url: '/api/account/listing', headers: shop })).json();
      const res = await t.app.inject({ method: 'PUT', url: '/api/account/listing?lang=en', headers: shop, payload: { ...listing, ...change } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
      expect((await t.app.inject({ method: 'GET', url: '/api/account/listing', headers: shop })).json()).toEqual(before);
    });

    it('the logo goes through the image pipeline; with a description it puts the shop in the trust carousel', async () => {
      const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#9a4a2c' } })
        .png()
        .toBuffer();
      const form = fileForm(png, 'logo.png', 'image/png');
      const up = await t.app.inject({ method: 'POST', url: '/api/account/listing/logo', headers: { ...shop, ...form.headers }, payload: form.payload });
      expect(up.statusCode).toBe(201);
      const url = up.json<{ url: string }>().url;
      expect(url).toMatch(/^\/uploads\/[a-f0-9]+-\d+x\d+\.webp$/);
      expect((await put({ ...listing, logoUrl: url })).statusCode).toBe(200);
      const carousel = await t.services.listings.carousel('en');
      expect(carousel).toEqual([{ id: expect.any(String), name: 'La Mercerie du Port', location: 'Sète', description: 'Facing the boats.', logo: url }]);
    });

    it('a second shop; the owner sees every listing and her hide wins over the stockist’s opt-in', async () => {
      await put({ ...listing, name: 'Atelier Ocre', city: 'Lyon', postcode: '69001', website: '', instagram: '', description: { fr: '', en: '' } }, shop2);
      expect((await publicList()).map((s) => s.city)).toEqual(['Lyon', 'Sète']);
      const listings = (await t.app.inject({ method: 'GET', url: '/api/admin/listings', headers: admin })).json<{ data: AdminListing[] }>().data;
      expect(listings.map((l) => l.email).sort()).toEqual([SHOP2.email, RETAILER.email].sort());
      // A page at a time, by town (issue 43).
      const first = (await t.app.inject({ method: 'GET', url: '/api/admin/listings?limit=1', headers: admin })).json<{
        data: AdminListing[];
        total: number;
        nextCursor: string;
      }>();
      expect(first).toMatchObject({ total: 2, limit: 1, data: [{ city: 'Lyon' }] });
      const next = (await t.app.inject({ method: 'GET', url: `/api/admin/listings?limit=1&cursor=${first.nextCursor}`, headers: admin })).json<{
        data: AdminListing[];
      }>();
      expect(next.data.map((l) => l.city)).toEqual(['Sète']);
      const ocre = listings.find((l) => l.name === 'Atelier Ocre')!;
      const { id, email: _email, updatedAt: _u, ...fields } = ocre;
      const hide = await t.app.inject({ method: 'PUT', url: `/api/admin/listings/${id}`, headers: admin, payload: { ...fields, hidden: true } });
      expect(hide.statusCode).toBe(200);
      expect((await publicList()).map((s) => s.name)).toEqual(['La Mercerie du Port']);
      // The retailer saves again, still opted in: still hidden, and told so.
      const again = await put({ ...listing, name: 'Atelier Ocre', city: 'Lyon', postcode: '69001' }, shop2);
      expect(again.json()).toMatchObject({ listed: true, hidden: true });
      expect((await publicList()).map((s) => s.name)).toEqual(['La Mercerie du Port']);
      expect((await activity('listing')).data[0]).toMatchObject({ kind: 'listing', action: 'hide', subject: 'Atelier Ocre' });
      const show = await t.app.inject({ method: 'PUT', url: `/api/admin/listings/${id}`, headers: admin, payload: { ...fields, hidden: false } });
      expect(show.statusCode).toBe(200);
      expect((await activity('listing')).data[0]).toMatchObject({ action: 'show' });
      expect((await t.app.inject({ method: 'PUT', url: '/api/admin/listings/999999', headers: admin, payload: { ...fields, hidden: true } })).statusCode).toBe(
        404,
      );
    });

    it('a stockist changes only their own listing; an administrator has none; a visitor none at all', async () => {
      await put({ ...listing, listed: false });
      expect((await publicList()).map((s) => s.name)).toEqual(['Atelier Ocre']);
      expect((await t.app.inject({ method: 'GET', url: '/api/account/listing', headers: shop2 })).json()).toMatchObject({ name: 'Atelier Ocre', listed: true });
      const mine = await t.app.inject({ method: 'GET', url: '/api/account/listing', headers: admin });
      expect(mine.statusCode).toBe(403);
      expect(mine.json().error).toBeTruthy();
      expect((await t.app.inject({ method: 'PUT', url: '/api/account/listing', payload: listing })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/listings', headers: shop })).statusCode).toBe(403);
    });
  });

  describe('activity log', () => {
    it('records each kind of back-office write with who and what, newest first, filtered and paginated', async () => {
      // Terms, a section and a post, an application accepted and another deleted.
      const terms = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/wholesale/terms',
        headers: admin,
        payload: {
          validUntil: '2027-03-31',
          openingMinimum: 500,
          reorderMinimum: 200,
          orderEmail: 'orders@shop.test',
          translations: [
            { locale: 'fr', seasonName: 'Été 2027', paymentTerms: '', deliveryWindow: '', shippingNotes: '' },
            { locale: 'en', seasonName: 'Summer 2027', paymentTerms: '', deliveryWindow: '', shippingNotes: '' },
          ],
        },
      });
      expect(terms.statusCode).toBe(200);
      const section = await t.app.inject({
        method: 'POST',
        url: '/api/admin/blog/sections',
        headers: admin,
        payload: {
          translations: [
            { locale: 'fr', title: 'Atelier' },
            { locale: 'en', title: 'Workshop' },
          ],
        },
      });
      const post = await t.app.inject({
        method: 'POST',
        url: '/api/admin/blog',
        headers: admin,
        payload: {
          published: false,
          sectionId: section.json().id,
          translations: [
            { locale: 'fr', title: 'Billet', content: 'Texte' },
            { locale: 'en', title: 'Post', content: 'Text' },
          ],
        },
      });
      await t.app.inject({ method: 'DELETE', url: `/api/admin/blog/${post.json().id}`, headers: admin });
      for (const name of ['Alice', 'Bruno']) {
        await t.app.inject({
          method: 'POST',
          url: '/api/retailers/contact',
          payload: { name, email: `${name.toLowerCase()}@shops.test`, message: 'Bonjour', consent: true },
        });
      }
      const apps = (await t.app.inject({ method: 'GET', url: '/api/admin/retailers/applications', headers: admin })).json<{
        data: Array<{ id: number; name: string }>;
      }>().data;
      await t.app.inject({ method: 'POST', url: `/api/admin/retailers/applications/${apps.find((a) => a.name === 'Alice')!.id}/accept`, headers: admin });
      await t.app.inject({ method: 'DELETE', url: `/api/admin/retailers/applications/${apps.find((a) => a.name === 'Bruno')!.id}`, headers: admin });

      const log = await activity();
      const older = (await t.app.inject({ method: 'GET', url: '/api/admin/activity?page=2', headers: admin })).json<ActivityPage>();
      const seen = new Set([...log.data, ...older.data].map((e) => `${e.kind}:${e.action}`));
      for (const entry of [
        'terms:save',
        'section:create',
        'post:create',
        'post:delete',
        'application:accept',
        'application:delete',
        'page:save',
        'product:create',
        'product:update',
        'product:delete',
        'product:reorder',
        'price:change',
        'status:publish',
        'status:unpublish',
        'listing:hide',
        'listing:show',
      ]) {
        expect(seen, entry).toContain(entry);
      }
      expect(log.data.map((e) => e.id)).toEqual([...log.data.map((e) => e.id)].sort((a, b) => b - a));
      expect(log.data.every((e) => e.by === ADMIN.email)).toBe(true);
      expect(log.data.find((e) => e.kind === 'application' && e.action === 'accept')!.subject).toBe('Alice');
      expect((await activity('terms')).data.map((e) => e.subject)).toEqual(['Été 2027']);
      // Pages of 50.
      expect(log.pageSize).toBe(50);
      const total = log.total;
      expect(total).toBeGreaterThan(20);
      const page2 = (await t.app.inject({ method: 'GET', url: '/api/admin/activity?page=2', headers: admin })).json<ActivityPage>();
      expect(page2.data.length).toBe(Math.max(0, total - 50));
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/activity?kind=nothing', headers: admin })).statusCode).toBe(400);
    });

    it('an entry exists exactly when its write does: a refused save leaves none', async () => {
      const before = (await activity()).total;
      await putPage('home', 999, {});
      await t.app.inject({ method: 'PUT', url: '/api/admin/products/order', headers: admin, payload: { ids: [1] } });
      await t.app.inject({ method: 'PUT', url: '/api/admin/products/999999', headers: admin, payload: sampleProduct() });
      expect((await activity()).total).toBe(before);
    });

    it('is append-only through the API and never public', async () => {
      for (const method of ['POST', 'PUT', 'DELETE'] as const) {
        const res = await t.app.inject({ method, url: '/api/admin/activity', headers: admin, payload: method === 'DELETE' ? undefined : {} });
        expect(res.statusCode).toBe(404);
      }
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/activity' })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/activity', headers: shop })).statusCode).toBe(403);
    });
  });
});
