import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductInputRaw } from '@atelier/contract';
import { ADMIN, DIALECTS, RETAILER, createTestContext, fileForm, type TestContext } from '../../../test/helpers.ts';
import { sampleProduct } from '../../../test/fixtures.ts';
import { garmentSvg, renderJpeg } from '../../cli/demo-images.ts';

/** A PNG that declares its size but carries (almost) no pixels: what a decompression bomb looks like to a header reader. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function keysDeep(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysDeep(v, found));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      found.add(k);
      keysDeep(v, found);
    }
  }
  return found;
}

describe.each(DIALECTS)('catalogue API on %s', (dialect) => {
  let t: TestContext;
  let admin: Record<string, string>;
  let retailer: Record<string, string>;

  beforeAll(async () => {
    t = await createTestContext(dialect);
    admin = t.auth(await t.login(ADMIN.email, ADMIN.password));
    retailer = t.auth(await t.login(RETAILER.email, RETAILER.password));
  });
  afterAll(async () => t.close());

  const create = (payload: unknown, headers = admin) => t.app.inject({ method: 'POST', url: '/api/admin/products', headers, payload: payload as object });
  const counts = async () => {
    const db = t.services.database.db;
    const [p, v, pt, vt] = await Promise.all([
      db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('variants')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('product_translations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('variant_translations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return [p.n, v.n, pt.n, vt.n].map(Number);
  };

  it('creates a product: texts trimmed, empty mantra null, sizes normalised, gallery deduplicated, positions re-indexed', async () => {
    const res = await create(sampleProduct());
    expect(res.statusCode).toBe(201);
    const product = res.json();
    expect(product.id).toEqual(expect.any(Number));
    const fr = product.translations.find((x: { locale: string }) => x.locale === 'fr');
    expect(fr).toEqual({ locale: 'fr', title: 'Robe Test', description: 'Une robe.', mantra: null });
    const [first, second] = product.variants;
    expect(first.sizes).toEqual(['XS', 'S', 'M']);
    expect(first.colorCode).toBe('#b5573a');
    expect(first.price).toBe(118.5);
    expect(first.imageGallery).toEqual(['/uploads/bbbbbbbbbbbbbbbbbbbbbbbb-1200x1500.webp']);
    expect(first.images).toEqual(['/uploads/aaaaaaaaaaaaaaaaaaaaaaaa-1200x1500.webp', '/uploads/bbbbbbbbbbbbbbbbbbbbbbbb-1200x1500.webp']);
    expect([first.position, second.position]).toEqual([0, 1]);
    expect(second.colorCode).toBeNull();
    expect(second.sizes).toEqual(['ONESIZE']);
    expect(second.price).toBe(0);
  });

  it('anonymous reads carry no price and no sizes at any depth; stockist and admin reads do, privately', async () => {
    const id = (await create(sampleProduct())).json().id;
    for (const url of ['/api/products', `/api/products/${id}`, `/api/products/${id}/similar`]) {
      const anon = await t.app.inject({ method: 'GET', url });
      expect(anon.statusCode, url).toBe(200);
      const keys = keysDeep(anon.json());
      expect(keys.has('price'), url).toBe(false);
      expect(keys.has('sizes'), url).toBe(false);
      expect(anon.body).not.toContain('118.5');
      expect(anon.headers['cache-control']).toContain('public');
    }
    for (const headers of [retailer, admin]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/products/${id}`, headers });
      expect(res.json().variants[0]).toMatchObject({ price: 118.5, sizes: ['XS', 'S', 'M'] });
      expect(res.headers['cache-control']).toContain('private');
      const list = await t.app.inject({ method: 'GET', url: '/api/products', headers });
      expect(keysDeep(list.json()).has('price')).toBe(true);
    }
    // An invalid token is anonymous: no trade fields.
    const bogus = await t.app.inject({ method: 'GET', url: `/api/products/${id}`, headers: { authorization: 'Bearer nope-nope-nope-nope-nope-nope' } });
    expect(keysDeep(bogus.json()).has('price')).toBe(false);
  });

  it('serves texts in the language asked, falling back to French', async () => {
    const id = (await create(sampleProduct())).json().id;
    const en = (await t.app.inject({ method: 'GET', url: `/api/products/${id}?lang=en` })).json();
    expect(en).toMatchObject({ title: 'Test dress', mantra: 'Slow down.' });
    expect(en.variants[1].colorName).toBe('Ecru');
    const fr = (await t.app.inject({ method: 'GET', url: `/api/products/${id}?lang=fr` })).json();
    expect(fr).toMatchObject({ title: 'Robe Test', mantra: null });
    // A product whose English text is missing (older data) reads in French.
    await t.services.database.db.deleteFrom('product_translations').where('product_id', '=', id).where('locale', '=', 'en').execute();
    t.services.onContentChange(); // the edit above bypassed the service
    const fallback = (await t.app.inject({ method: 'GET', url: `/api/products/${id}?lang=en` })).json();
    expect(fallback.title).toBe('Robe Test');
  });

  it('answers 400 for a non-numeric id and 404 "introuvable" for a missing product', async () => {
    for (const id of ['abc', '1.5', '-1', '1e3']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/products/${id}` });
      expect(res.statusCode, id).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/products/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toContain('introuvable');
    const missingEn = await t.app.inject({ method: 'GET', url: '/api/products/999999?lang=en' });
    expect(missingEn.json().error).toContain('introuvable');
    expect((await t.app.inject({ method: 'GET', url: '/api/products/999999/similar' })).statusCode).toBe(404);
  });

  it.each([
    ['missing English title', (p: ProductInputRaw) => (p.translations[1]!.title = '  ')],
    ['missing French description', (p: ProductInputRaw) => (p.translations[0]!.description = '')],
    ['one locale only', (p: ProductInputRaw) => p.translations.splice(1, 1)],
    ['colour name missing in a locale', (p: ProductInputRaw) => (p.variants[0]!.translations[1]!.colorName = ' ')],
    ['invalid hex colour', (p: ProductInputRaw) => (p.variants[0]!.colorCode = '#12345')],
    ['hex with alpha', (p: ProductInputRaw) => (p.variants[0]!.colorCode = '#11223344')],
    ['no image', (p: ProductInputRaw) => (p.variants[0]!.imageUrl = '')],
    ['javascript image URL', (p: ProductInputRaw) => (p.variants[0]!.imageUrl = 'javascript:alert(1)')],
    ['negative price', (p: ProductInputRaw) => (p.variants[0]!.price = -1)],
    ['three decimals', (p: ProductInputRaw) => (p.variants[0]!.price = 10.555)],
    ['price as text', (p: ProductInputRaw) => ((p.variants[0] as { price: unknown }).price = '12')],
    ['no known size', (p: ProductInputRaw) => (p.variants[0]!.sizes = ['huge', ''])],
    [
      'five gallery images',
      (p: ProductInputRaw) => (p.variants[0]!.imageGallery = ['a', 'b', 'c', 'd', 'e'].map((c) => `/uploads/${c.repeat(24)}-10x10.webp`)),
    ],
    ['no variant', (p: ProductInputRaw) => (p.variants = [])],
  ])('refuses %s with a 400 and writes nothing', async (_name, mutate) => {
    const before = await counts();
    const payload = sampleProduct();
    mutate(payload);
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
    expect(await counts()).toEqual(before);
  });

  it('gives the §5 message for each rule (in English when asked)', async () => {
    const cases: Array<[(p: ProductInputRaw) => void, string]> = [
      [(p) => (p.variants[0]!.imageUrl = ''), 'Each variant needs an image.'],
      [(p) => (p.variants[0]!.price = -3), 'Each variant needs a price of 0 or more, with at most 2 decimals.'],
      [(p) => (p.variants[0]!.sizes = []), 'Each variant needs at least one size.'],
      [(p) => (p.variants = []), 'A product needs at least one variant.'],
      [
        (p) => (p.variants[0]!.imageGallery = ['1', '2', '3', '4', '5'].map((c) => `/uploads/${c.repeat(24)}-1x1.webp`)),
        'A variant can have at most 4 gallery images.',
      ],
    ];
    for (const [mutate, message] of cases) {
      const payload = sampleProduct();
      mutate(payload);
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/products?lang=en', headers: { ...admin, 'accept-language': 'en' }, payload });
      expect(res.json().error).toBe(message);
    }
  });

  it('updates in place: variant ids kept, removed variants deleted, new ones added, order as sent', async () => {
    const created = (await create(sampleProduct())).json();
    const [a, b] = created.variants;
    const payload = sampleProduct();
    payload.variants = [
      { ...payload.variants[1]!, id: b.id, price: 9.9 },
      { ...payload.variants[0]!, id: undefined, colorCode: '#000000' },
    ];
    payload.translations[0]!.title = 'Robe Renommée';
    const res = await t.app.inject({ method: 'PUT', url: `/api/admin/products/${created.id}`, headers: admin, payload });
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved.variants.map((v: { id: number }) => v.id)[0]).toBe(b.id);
    expect(saved.variants[1].id).not.toBe(a.id);
    expect(saved.variants.map((v: { position: number }) => v.position)).toEqual([0, 1]);
    expect(saved.variants[0].price).toBe(9.9);
    expect(saved.title).toBe('Robe Renommée');
    const rows = await t.services.database.db.selectFrom('variants').select('id').where('product_id', '=', created.id).execute();
    expect(rows.map((r) => r.id).sort()).toEqual(saved.variants.map((v: { id: number }) => v.id).sort());
    const missing = await t.app.inject({ method: 'PUT', url: '/api/admin/products/999999', headers: admin, payload });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes a product with its variants; a second delete is a 404', async () => {
    const created = (await create(sampleProduct())).json();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/products/${created.id}`, headers: admin });
    expect(res.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${created.id}` })).statusCode).toBe(404);
    const orphans = await t.services.database.db.selectFrom('variants').select('id').where('product_id', '=', created.id).execute();
    expect(orphans).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/products/${created.id}`, headers: admin })).statusCode).toBe(404);
  });

  it('refuses product writes to a stockist (403) and to anonymous callers (401), writing nothing', async () => {
    const before = await counts();
    expect((await create(sampleProduct(), retailer)).statusCode).toBe(403);
    expect((await create(sampleProduct(), {})).statusCode).toBe(401);
    expect(await counts()).toEqual(before);
  });

  it('lists similar products, nearest colour first, at most five, never the product itself', async () => {
    const colours = ['#b5573a', '#b6583b', '#3d4f7a', '#000000', '#ffffff', '#b0503a', '#6b6b3f'];
    const ids: number[] = [];
    for (const colour of colours) {
      const p = sampleProduct();
      p.variants = [{ ...p.variants[0]!, colorCode: colour }];
      ids.push((await create(p)).json().id);
    }
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${ids[0]}/similar` });
    const similar = res.json() as Array<{ id: number; variants: Array<{ colorCode: string }> }>;
    expect(similar.length).toBe(5);
    expect(similar.map((p) => p.id)).not.toContain(ids[0]);
    expect(similar[0]!.variants.map((v) => v.colorCode)).toContain('#b5573a');
  });

  describe('uploads', () => {
    const upload = (body: Buffer, filename: string, contentType: string, headers = admin, field = 'image') => {
      const form = fileForm(body, filename, contentType, field);
      return t.app.inject({ method: 'POST', url: '/api/admin/uploads', headers: { ...headers, ...form.headers }, payload: form.payload });
    };
    const uploadsDir = () => path.join(t.config.dataDir, 'uploads');
    const files = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).sort() : []);

    it('stores a JPEG as WebP renditions under a content-hash name, without EXIF/GPS, served immutable', async () => {
      const exif = { IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' } } as never;
      const jpeg = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#b5573a' } })
        .jpeg()
        .withExifMerge(exif)
        .toBuffer();
      expect((await sharp(jpeg).metadata()).exif).toBeDefined();
      const res = await upload(jpeg, 'photo.jpg', 'image/jpeg');
      expect(res.statusCode).toBe(201);
      const { url } = res.json();
      expect(url).toMatch(/^\/uploads\/[a-f0-9]{24}-1600x1200\.webp$/);
      const base = url.replace('/uploads/', '').replace('.webp', '');
      expect(files()).toEqual(expect.arrayContaining([`${base}.webp`, `${base}-480.webp`, `${base}-960.webp`]));
      const stored = await sharp(path.join(uploadsDir(), `${base}.webp`)).metadata();
      expect(stored.format).toBe('webp');
      expect(stored.exif).toBeUndefined();
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
      // Same bytes, same name: uploading twice stores nothing new.
      const before = files();
      expect((await upload(jpeg, 'again.jpg', 'image/jpeg')).json().url).toBe(url);
      expect(files()).toEqual(before);
    });

    it('auto-orients from the EXIF orientation', async () => {
      const jpeg = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#336699' } })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .toBuffer();
      const { url } = (await upload(jpeg, 'turned.jpg', 'image/jpeg')).json();
      expect(url).toMatch(/-300x600\.webp$/);
    });

    it.each([
      ['a text file named .jpg', Buffer.from('hello, I am not an image'), 'evil.jpg', 'image/jpeg'],
      ['an SVG with a script', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg', 'image/svg+xml'],
      ['an empty file', Buffer.alloc(0), 'empty.png', 'image/png'],
      ['an HTML page', Buffer.from('<!doctype html><script>alert(1)</script>'), 'page.png', 'image/png'],
    ])('refuses %s and leaves no file', async (_name, body, filename, type) => {
      const before = files();
      const res = await upload(body, filename, type);
      expect([400, 415]).toContain(res.statusCode);
      expect(typeof res.json().error).toBe('string');
      expect(files()).toEqual(before);
    });

    it('refuses a truncated JPEG', async () => {
      const jpeg = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#123456' } })
        .jpeg()
        .toBuffer();
      const before = files();
      const res = await upload(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'cut.jpg', 'image/jpeg');
      expect(res.statusCode).toBe(415);
      expect(files()).toEqual(before);
    });

    it('refuses a 20000×20000 PNG (pixel cap) without decoding it', async () => {
      const png = pngHeaderOnly(20000, 20000);
      expect((await sharp(png, { limitInputPixels: false }).metadata()).width).toBe(20000);
      const before = files();
      const res = await upload(png, 'huge.png', 'image/png');
      expect(res.statusCode).toBe(413);
      expect(res.json().error).toContain('40');
      expect(files()).toEqual(before);
    });

    it('refuses an HTML/GIF polyglot (GIF is not accepted) and leaves no file', async () => {
      const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
        .gif()
        .toBuffer();
      const polyglot = Buffer.concat([gif, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
      expect((await sharp(polyglot).metadata()).format).toBe('gif');
      const before = files();
      const res = await upload(polyglot, 'cat.gif', 'image/gif');
      expect(res.statusCode).toBe(415);
      expect(files()).toEqual(before);
    });

    it('neutralises an HTML/JPEG polyglot: re-encoded, the markup is gone, served as an image that is not sniffed', async () => {
      const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#8a9a5b' } })
        .jpeg()
        .toBuffer();
      const res = await upload(Buffer.concat([jpeg, Buffer.from('<html><script>alert(1)</script></html>')]), 'x.html', 'text/html');
      expect(res.statusCode).toBe(201);
      const served = await t.app.inject({ method: 'GET', url: res.json().url });
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.includes('<script')).toBe(false);
    });

    it('ignores a path in the file name: the file lands under its content hash inside the uploads folder', async () => {
      const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#224466' } })
        .png()
        .toBuffer();
      const outside = path.dirname(uploadsDir());
      const beforeOutside = fs.readdirSync(outside).sort();
      const res = await upload(png, '../../../etc/cron.d/evil.png', 'image/png');
      expect(res.statusCode).toBe(201);
      expect(res.json().url).toMatch(/^\/uploads\/[a-f0-9]{24}-40x40\.webp$/);
      expect(fs.readdirSync(outside).sort()).toEqual(beforeOutside);
      expect(files().some((f) => f.includes('evil') || f.includes('..'))).toBe(false);
    });

    it('writes an AVIF beside each rendition it makes smaller, and records a tiny placeholder for the page', async () => {
      const jpeg = await renderJpeg(garmentSvg('dress', '#b5573a', 3));
      const { url } = (await upload(jpeg, 'dress.jpg', 'image/jpeg')).json();
      const base = url.replace('/uploads/', '').replace('.webp', '');
      const name = (size: number | null, ext: string) => (size === null ? `${base}.${ext}` : `${base}-${size}.${ext}`);
      const bytes = (file: string) => fs.statSync(path.join(uploadsDir(), file)).size;
      const avif = [480, 960, null].filter((size) => files().includes(name(size, 'avif')));
      expect(avif.length, 'a photograph gets AVIF renditions').toBeGreaterThan(0);
      for (const size of avif) expect(bytes(name(size, 'avif'))).toBeLessThan(bytes(name(size, 'webp')));

      const meta = (await t.services.media.describe([url, '/uploads/ffffffffffffffffffffffff-10x10.webp', 'https://elsewhere.example/a.webp']))[url];
      expect(Object.keys(await t.services.media.describe(['/uploads/ffffffffffffffffffffffff-10x10.webp']))).toEqual([]);
      expect(meta?.avif).toEqual(avif.map((size) => size ?? 1200));
      expect(meta?.placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/=]+$/);
      expect(meta!.placeholder!.length, 'the placeholder is a few hundred bytes at most').toBeLessThan(600);
      const preview = await sharp(Buffer.from(meta!.placeholder!.split(',')[1]!, 'base64')).metadata();
      expect([preview.width, preview.height]).toEqual([16, 20]);

      const served = await t.app.inject({ method: 'GET', url: `/uploads/${name(avif[0]!, 'avif')}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/avif');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // The same picture again: the same files and the same row, nothing new.
      const before = files();
      expect((await upload(jpeg, 'again.jpg', 'image/jpeg')).json().url).toBe(url);
      expect(files()).toEqual(before);
      const rows = await t.services.database.db.selectFrom('media').selectAll().where('name', '=', base).execute();
      expect(rows).toHaveLength(1);
    });

    it('skips AVIF where it is not smaller, and gives no placeholder to a picture with transparency', async () => {
      const logo = await sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 90, g: 60, b: 40, alpha: 0.5 } } })
        .png()
        .toBuffer();
      const { url } = (await upload(logo, 'logo.png', 'image/png')).json();
      const base = url.replace('/uploads/', '').replace('.webp', '');
      expect(files().filter((file) => file.startsWith(base))).toEqual([`${base}.webp`]);
      expect(await t.services.media.describe([url])).toEqual({ [url]: {} });
    });

    // The image pipeline's memory is the same whichever database keeps the rows: measured once (decoding
    // 12 × 36 megapixels is 13 s of CI's two cores each time).
    if (dialect === DIALECTS[0])
      it('keeps memory bounded under 12 simultaneous 36-megapixel uploads', async () => {
        const big = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#b5573a' } })
          .png()
          .toBuffer();
        const base = process.memoryUsage().rss;
        let peak = base;
        const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
        try {
          // Different bytes each, so every one is decoded and encoded.
          const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => upload(Buffer.concat([big, Buffer.from([i])]), `big-${i}.png`, 'image/png')));
          expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(201));
        } finally {
          clearInterval(sampler);
        }
        // Two images at a time: a few hundred MB at most, not 12 × 108 MB of decoded pixels.
        expect((peak - base) / 1e6).toBeLessThan(600);
      }, 60_000);

    it('refuses a body over the size limit', async () => {
      const res = await upload(Buffer.alloc(16 * 1024 * 1024, 1), 'big.jpg', 'image/jpeg');
      expect(res.statusCode).toBe(413);
      expect(typeof res.json().error).toBe('string');
    });

    it('needs the field "image", and an admin', async () => {
      const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
        .png()
        .toBuffer();
      expect((await upload(png, 'a.png', 'image/png', admin, 'file')).statusCode).toBe(400);
      expect((await upload(png, 'a.png', 'image/png', retailer)).statusCode).toBe(403);
      expect((await upload(png, 'a.png', 'image/png', {})).statusCode).toBe(401);
    });
  });
});
