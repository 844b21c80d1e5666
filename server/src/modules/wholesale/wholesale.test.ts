import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TermsInputRaw } from '@atelier/contract';
import { ADMIN, DIALECTS, RETAILER, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { sampleProduct } from '../../../test/fixtures.ts';

const NNBSP = '\u202f';
const NBSP = '\u00a0';

function termsPayload(overrides: Partial<TermsInputRaw> = {}, fr: Record<string, string> = {}, en: Record<string, string> = {}): TermsInputRaw {
  return {
    validUntil: '2027-03-31',
    openingMinimum: 600,
    reorderMinimum: 250.5,
    orderEmail: ' Commandes@Maison.example ',
    translations: [
      {
        locale: 'fr',
        seasonName: '  Printemps-été 2027 ',
        paymentTerms: '30 % à la commande, le solde <b>avant</b> expédition.',
        deliveryWindow: 'Livraisons du 15 février au 30 avril.',
        shippingNotes: 'Franco dès 800 € HT.',
        ...fr,
      },
      {
        locale: 'en',
        seasonName: 'Spring-Summer 2027',
        paymentTerms: '30% when ordering, the balance <b>before</b> shipping.',
        deliveryWindow: 'Deliveries from 15 February to 30 April.',
        shippingNotes: 'Free shipping from €800 excl. VAT.',
        ...en,
      },
    ],
    ...overrides,
  };
}

/** Every string of the PDF's text layer, page by page, joined (what a reader's search finds). */
async function pdfText(bytes: Buffer): Promise<{ text: string; pages: number }> {
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false });
  const doc = await task.promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i += 1) {
    const content = await (await doc.getPage(i)).getTextContent({ disableNormalization: true });
    parts.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
  }
  const pages = doc.numPages;
  await task.destroy();
  return { text: parts.join('\n'), pages };
}

/**
 * Every character the PDF's fonts map glyphs to (their ToUnicode maps, inflated): what a
 * reader copies or searches, before any extractor normalises spaces.
 */
function toUnicodeChars(pdf: Buffer): string {
  const chars = new Set<string>();
  const raw = pdf.toString('latin1');
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let body: string;
    try {
      body = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    if (!body.includes('beginbfrange') && !body.includes('beginbfchar')) continue;
    for (const hex of body.matchAll(/<([0-9a-fA-F]{4,})>/g)) {
      for (let i = 0; i + 4 <= hex[1]!.length; i += 4) chars.add(String.fromCharCode(parseInt(hex[1]!.slice(i, i + 4), 16)));
    }
  }
  return [...chars].join('');
}

describe.each(DIALECTS)('wholesale terms, references, retail prices and the line sheet on %s', (dialect) => {
  let t: TestContext;
  let admin: Record<string, string>;
  let shop: Record<string, string>;

  beforeAll(async () => {
    t = await createTestContext(dialect, { FORMS_MAX_PER_IP: '1000' });
    admin = t.auth(await t.login(ADMIN.email, ADMIN.password));
    shop = t.auth(await t.login(RETAILER.email, RETAILER.password));
  });
  afterAll(async () => t.close());

  const putTerms = (payload: unknown, headers = admin) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/wholesale/terms?lang=en', payload: payload as object, headers });
  const getAdminTerms = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/wholesale/terms', headers: admin })).json();
  const create = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/admin/products?lang=en', payload: payload as object, headers: admin });
  const sheet = (query: string, headers: Record<string, string> = shop) =>
    t.app.inject({ method: 'GET', url: `/api/wholesale/linesheet.pdf${query}`, headers });

  describe('terms', () => {
    it('are empty before the first save, then round-trip trimmed, in cents-exact euros', async () => {
      const before = await getAdminTerms();
      expect(before).toMatchObject({ validUntil: null, openingMinimum: 0, reorderMinimum: 0, updatedAt: null });
      const res = await putTerms(termsPayload());
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        validUntil: '2027-03-31',
        openingMinimum: 600,
        reorderMinimum: 250.5,
        orderEmail: 'commandes@maison.example',
        translations: [
          { locale: 'fr', seasonName: 'Printemps-été 2027' },
          { locale: 'en', seasonName: 'Spring-Summer 2027' },
        ],
      });
      expect(await getAdminTerms()).toEqual(res.json());
    });

    it('a stockist reads them in the asked language and cannot change them; anonymous gets 401', async () => {
      const en = await t.app.inject({ method: 'GET', url: '/api/wholesale/terms?lang=en', headers: shop });
      expect(en.statusCode).toBe(200);
      expect(en.headers['cache-control']).toBe('private, no-store');
      expect(en.json()).toMatchObject({
        seasonName: 'Spring-Summer 2027',
        openingMinimum: 600,
        paymentTerms: '30% when ordering, the balance <b>before</b> shipping.',
      });
      const fr = await t.app.inject({ method: 'GET', url: '/api/wholesale/terms?lang=fr', headers: shop });
      expect(fr.json().seasonName).toBe('Printemps-été 2027');
      const adminRead = await t.app.inject({ method: 'GET', url: '/api/wholesale/terms?lang=en', headers: admin });
      expect(adminRead.statusCode).toBe(200);

      expect((await putTerms(termsPayload({ openingMinimum: 1 }), shop)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/wholesale/terms', headers: shop })).statusCode).toBe(403);
      for (const url of ['/api/wholesale/terms?lang=fr', '/api/admin/wholesale/terms', '/api/wholesale/linesheet.pdf?lang=fr']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(401);
        expect(res.json().error).toBeTruthy();
        expect(res.headers['content-type']).toMatch(/^application\/json/);
      }
      expect((await putTerms(termsPayload(), {})).statusCode).toBe(401);
      expect((await getAdminTerms()).openingMinimum).toBe(600);
    });

    it.each([
      ['a date that does not exist', termsPayload({ validUntil: '2027-02-30' }), 'real date'],
      ['a date in another format', termsPayload({ validUntil: '31/03/2027' }), 'real date'],
      ['a negative minimum', termsPayload({ openingMinimum: -1 }), 'Minimums'],
      ['a minimum with 3 decimals', termsPayload({ reorderMinimum: 10.005 }), 'Minimums'],
      ['a minimum as text', termsPayload({ reorderMinimum: '10' as unknown as number }), 'Minimums'],
      ['a bad order e-mail', termsPayload({ orderEmail: 'orders at maison' }), 'e-mail'],
      ['no English season name', termsPayload({}, {}, { seasonName: '  ' }), 'season name'],
      ['a term of 2,001 characters', termsPayload({}, { paymentTerms: 'x'.repeat(2001) }), 'too long'],
      ['one language only', { ...termsPayload(), translations: [termsPayload().translations[0]] }, 'French and in English'],
    ])('refuses %s with a clear message and changes nothing', async (_name, payload, message) => {
      const before = await getAdminTerms();
      const res = await putTerms(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain(message);
      expect(await getAdminTerms()).toEqual(before);
    });

    it('answers errors in French by default', async () => {
      const res = await t.app.inject({ method: 'PUT', url: '/api/admin/wholesale/terms', payload: termsPayload({ validUntil: '2027-13-01' }), headers: admin });
      expect(res.json().error).toBe('La date de validité doit être une vraie date (AAAA-MM-JJ).');
    });

    it('two owners saving at once leave one whole save, never a mix of both', async () => {
      const saves = Array.from({ length: 8 }, (_, i) =>
        termsPayload(
          { openingMinimum: 100 + i },
          { seasonName: `Saison ${i}`, paymentTerms: `fr ${i}` },
          { seasonName: `Season ${i}`, paymentTerms: `en ${i}` },
        ),
      );
      const results = await Promise.all(saves.map((s) => putTerms(s)));
      expect(results.map((r) => r.statusCode)).toEqual(saves.map(() => 200));
      const final = await getAdminTerms();
      const i = final.openingMinimum - 100;
      expect(final.translations).toEqual([
        expect.objectContaining({ locale: 'fr', seasonName: `Saison ${i}`, paymentTerms: `fr ${i}` }),
        expect.objectContaining({ locale: 'en', seasonName: `Season ${i}`, paymentTerms: `en ${i}` }),
      ]);
      expect((await putTerms(termsPayload())).statusCode).toBe(200);
    });
  });

  describe('style reference and recommended retail price', () => {
    let productId: number;

    it('are saved (reference upper-case) and shown to stockists and admins only', async () => {
      const payload = sampleProduct({ reference: ' ms27-robe-test ' });
      payload.variants[0]!.retailPrice = 1290;
      const res = await create(payload);
      expect(res.statusCode).toBe(201);
      const saved = res.json();
      productId = saved.id;
      expect(saved.reference).toBe('MS27-ROBE-TEST');
      expect(saved.variants.map((v: { retailPrice: number | null }) => v.retailPrice)).toEqual([1290, null]);

      const trade = (await t.app.inject({ method: 'GET', url: `/api/products/${productId}`, headers: shop })).json();
      expect(trade.reference).toBe('MS27-ROBE-TEST');
      expect(trade.variants[0]).toMatchObject({ price: 118.5, retailPrice: 1290 });

      // Never in an anonymous answer: list, detail, similar, sitemap.
      for (const url of ['/api/products?lang=fr', `/api/products/${productId}?lang=en`, `/api/products/${productId}/similar`, '/sitemap.xml']) {
        const body = (await t.app.inject({ method: 'GET', url })).body;
        expect(body, url).not.toMatch(/MS27-ROBE-TEST|retailPrice|"reference"|1290/i);
      }
    });

    it('accepts a product without them (the spec payload), stored as none', async () => {
      const res = await create(sampleProduct());
      expect(res.statusCode).toBe(201);
      expect(res.json().reference).toBeNull();
      expect(res.json().variants[0].retailPrice).toBeNull();
      // Two products without a reference never collide.
      expect((await create(sampleProduct({ reference: '' }))).json().reference).toBeNull();
    });

    it.each([
      ['a reference with a space', { reference: 'MS 27' }, 400, 'letters, digits and hyphens'],
      ['a reference with markup', { reference: '<b>x</b>' }, 400, 'letters, digits and hyphens'],
      ['a reference of 41 characters', { reference: 'A'.repeat(41) }, 400, 'letters, digits and hyphens'],
      ['a reference already used (in another case)', { reference: 'ms27-Robe-Test' }, 409, 'already used'],
    ])('refuses %s, writing nothing', async (_name, change, status, message) => {
      const before = (await t.app.inject({ method: 'GET', url: '/api/admin/products', headers: admin })).json().length;
      const res = await create(sampleProduct(change));
      expect(res.statusCode).toBe(status);
      expect(res.json().error).toContain(message);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/products', headers: admin })).json().length).toBe(before);
    });

    it.each([
      ['below the trade price', 100],
      ['with 3 decimals', 200.555],
      ['negative', -5],
    ])('refuses a retail price %s', async (_name, retailPrice) => {
      const payload = sampleProduct();
      payload.variants[0]!.retailPrice = retailPrice;
      const res = await create(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain('recommended retail price');
    });

    it('a product keeps its own reference on update; taking another product’s is a 409 that changes nothing', async () => {
      const own = sampleProduct({ reference: 'MS27-ROBE-TEST' });
      own.variants[0]!.retailPrice = 1290;
      const res = await t.app.inject({ method: 'PUT', url: `/api/admin/products/${productId}?lang=en`, payload: own, headers: admin });
      expect(res.statusCode).toBe(200);
      const other = (await create(sampleProduct({ reference: 'MS27-OTHER' }))).json();
      const clash = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/products/${other.id}?lang=en`,
        payload: sampleProduct({
          reference: 'MS27-ROBE-TEST',
          translations: [
            { locale: 'fr', title: 'Changée', description: 'd' },
            { locale: 'en', title: 'Changed', description: 'd' },
          ],
        }),
        headers: admin,
      });
      expect(clash.statusCode).toBe(409);
      const after = (await t.app.inject({ method: 'GET', url: `/api/products/${other.id}?lang=en`, headers: shop })).json();
      expect(after).toMatchObject({ reference: 'MS27-OTHER', title: 'Test dress' });
    });

    it('several saves racing for one reference: one wins, the others get 409', async () => {
      const results = await Promise.all(Array.from({ length: 5 }, () => create(sampleProduct({ reference: 'MS27-RACE' }))));
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    });
  });

  describe('the line sheet', () => {
    it('is a PDF for a stockist, named for the brand, season and language', async () => {
      const res = await sheet('?lang=fr');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="maison-solene-catalogue-revendeur-printemps-ete-2027-fr.pdf"; filename*=UTF-8''maison-solene-catalogue-revendeur-printemps-ete-2027-fr.pdf`,
      );
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const en = await sheet('?lang=en', admin);
      expect(en.statusCode).toBe(200);
      expect(en.headers['content-disposition']).toContain('maison-solene-line-sheet-spring-summer-2027-en.pdf');
    });

    it.each(['fr', 'en'] as const)('holds, as searchable text in %s, the season, every style, reference, price and term', async (lang) => {
      const { text, pages } = await pdfText((await sheet(`?lang=${lang}`)).rawPayload);
      expect(pages).toBeGreaterThanOrEqual(3);
      const products = (await t.app.inject({ method: 'GET', url: `/api/products?lang=${lang}`, headers: shop })).json();
      const terms = (await t.app.inject({ method: 'GET', url: `/api/wholesale/terms?lang=${lang}`, headers: shop })).json();
      expect(text).toContain(terms.seasonName);
      for (const product of products) {
        expect(text).toContain(product.title);
        if (product.reference) expect(text).toContain(product.reference);
      }
      if (lang === 'fr') {
        // Text extractors print every kind of space as a plain one; the characters themselves
        // are checked in the text layer's map below.
        expect(text).toContain('118,50 €');
        expect(text).toContain('1 290,00 €');
        expect(text).toContain('600,00 €');
        expect(text).toContain('31 mars 2027');
        expect(text).toContain('Conditions de vente');
        expect(text).toContain('TAILLES');
      } else {
        expect(text).toContain('€118.50');
        expect(text).toContain('€1,290.00');
        expect(text).toContain('€600.00');
        expect(text).toContain('March 31, 2027');
        expect(text).toContain('Terms of trade');
      }
      // Markup in a term is shown as the owner typed it.
      expect(text).toContain(lang === 'fr' ? 'le solde <b>avant</b> expédition' : 'the balance <b>before</b> shipping');
      expect(text).toContain(terms.deliveryWindow);
      expect(text).toContain('commandes@maison.example');
    });

    it('French amounts keep their no-break and narrow no-break spaces in the text layer', async () => {
      const pdf = (await sheet('?lang=fr')).rawPayload;
      const mapped = toUnicodeChars(pdf);
      expect(mapped).toContain(NNBSP);
      expect(mapped).toContain(NBSP);
      expect(mapped).toContain('€');
      // The English sheet groups with commas: no narrow space there.
      expect(toUnicodeChars((await sheet('?lang=en')).rawPayload)).not.toContain(NNBSP);
    });

    it('a malformed language gives the French sheet, never another', async () => {
      for (const lang of ['de', 'en<script>', 'EN-x', '']) {
        const res = await sheet(`?lang=${encodeURIComponent(lang)}`);
        expect(res.statusCode, lang).toBe(200);
        expect(res.headers['content-disposition'], lang).toContain('-fr.pdf');
      }
    });

    it('is made once and served from the cache until the collection or the terms change', async () => {
      const first = await sheet('?lang=en');
      const started = performance.now();
      const second = await sheet('?lang=en');
      expect(performance.now() - started).toBeLessThan(200);
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);

      await putTerms(termsPayload({}, {}, { seasonName: 'Autumn-Winter 2027' }));
      const afterTerms = await sheet('?lang=en');
      expect((await pdfText(afterTerms.rawPayload)).text).toContain('Autumn-Winter 2027');

      const renamed = sampleProduct({ reference: 'MS27-FRESH' });
      expect((await create(renamed)).statusCode).toBe(201);
      t.services.onContentChange();
      expect((await pdfText((await sheet('?lang=en')).rawPayload)).text).toContain('MS27-FRESH');
      await putTerms(termsPayload());
    });

    it('a failing render answers 500 with a message and the next request tries again', async () => {
      t.services.wholesale.invalidate();
      const original = t.services.catalogue.listFull.bind(t.services.catalogue);
      t.services.catalogue.listFull = () => Promise.reject(new Error('disk on fire'));
      try {
        const res = await sheet('?lang=fr');
        expect(res.statusCode).toBe(500);
        expect(res.json().error).toBe('Le catalogue revendeur n’a pas pu être préparé. Veuillez réessayer.');
      } finally {
        t.services.catalogue.listFull = original;
      }
      const retry = await sheet('?lang=fr');
      expect(retry.statusCode).toBe(200);
      expect(retry.headers['content-type']).toBe('application/pdf');
    });

    it('carries the stockist’s shop name on its cover', async () => {
      const apply = await t.app.inject({
        method: 'POST',
        url: '/api/retailers/contact',
        payload: { name: 'Inès', email: 'ines@atelier-sete.example', message: 'Bonjour', consent: true, company: 'Atelier <i>Sète</i>' },
      });
      expect(apply.statusCode).toBe(202);
      const app = (await t.app.inject({ method: 'GET', url: '/api/admin/retailers/applications', headers: admin }))
        .json()
        .data.find((a: { email: string }) => a.email === 'ines@atelier-sete.example');
      await t.app.inject({ method: 'POST', url: `/api/admin/retailers/applications/${app.id}/accept`, headers: admin });
      await t.services.mail.runOnce();
      const welcome = t.sent.filter((m) => m.to === 'ines@atelier-sete.example').at(-1)!;
      const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(welcome.text)![1]!;
      const set = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password: 'ines-pass-2026', password_confirmation: 'ines-pass-2026' },
      });
      expect(set.statusCode).toBe(200);
      const ines = t.auth(await t.login('ines@atelier-sete.example', 'ines-pass-2026'));
      const { text } = await pdfText((await sheet('?lang=fr', ines)).rawPayload);
      expect(text).toContain('Préparé pour Atelier <i>Sète</i>');
      const other = await pdfText((await sheet('?lang=fr', shop)).rawPayload);
      expect(other.text).not.toContain('Atelier <i>Sète</i>');
    });
  });

  describe('the catalogue opt-in', () => {
    const applyAndAccept = async (email: string, extra: Record<string, unknown>) => {
      await t.app.inject({ method: 'POST', url: '/api/retailers/contact', payload: { name: 'Léa', email, message: 'Bonjour', consent: true, ...extra } });
      const app = (await t.app.inject({ method: 'GET', url: '/api/admin/retailers/applications', headers: admin }))
        .json()
        .data.find((a: { email: string }) => a.email === email);
      const accepted = (await t.app.inject({ method: 'POST', url: `/api/admin/retailers/applications/${app.id}/accept`, headers: admin })).json();
      await t.services.mail.runOnce();
      return { accepted, mail: t.sent.filter((m) => m.to === email).at(-1)! };
    };

    it('is honoured at accept: the welcome mail links to the line sheet in the applicant’s language, with no PDF attached', async () => {
      const { accepted, mail } = await applyAndAccept('lea@boutique.example', { catalogOptIn: true, lang: 'en' });
      expect(accepted.catalogSentAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(mail.text).toContain('Download the line sheet: http://shop.test/account?lang=en');
      expect(mail.html).toContain('href="http://shop.test/account?lang=en"');
      expect(mail.text).toContain('Choose my password');
      expect(mail.text).not.toMatch(/€\d/);
    });

    it('without the opt-in, no catalogue is mentioned and the card says none was sent', async () => {
      const { accepted, mail } = await applyAndAccept('leo@boutique.example', { lang: 'fr' });
      expect(accepted.catalogSentAt).toBeNull();
      expect(mail.text).not.toContain('catalogue');
    });
  });
});
