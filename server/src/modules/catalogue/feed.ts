import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';
import { SHOPIFY_COLUMNS, type Locale, type ProductFeed, type TradeProduct } from '@atelier/contract';
import { spreadsheetCsv } from '../../lib/csv.ts';

// The collection as a shop's till imports it (issue 60): one product a style, one variant a colour × size, the
// recommended retail price in the shop's currency, the EAN-13 as the barcode — never the trade price.

/** Words as one lower-case word of letters, digits and dashes. */
const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** "robe-lina-ms27-robe-01": Shopify's handle, a style's one word. */
export function handleOf(title: string, reference: string | null, id: number): string {
  return slug(`${title} ${reference ?? id}`).slice(0, 120) || String(id);
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** The description as HTML paragraphs, as Shopify's Body (HTML) takes it. */
const bodyHtml = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

/** The feed of these styles (already at the shop's prices), each colour's picture made absolute. */
export function feedOf(products: TradeProduct[], vendor: string, lang: Locale, absolute: (url: string) => string): ProductFeed {
  return {
    currency: products.find((p) => p.currency)?.currency ?? 'EUR',
    lang,
    products: products.map((p) => ({
      handle: handleOf(p.title, p.reference, p.id),
      reference: p.reference,
      title: p.title,
      description: p.description,
      vendor,
      variants: p.variants.flatMap((v) =>
        v.sizes.map((size) => ({
          colour: v.colorName,
          size,
          sku: [p.reference ?? String(p.id), v.colorName, size].join('-').replace(/\s+/g, '-').toUpperCase(),
          gtin: v.gtins?.[size] ?? null,
          retailPrice: v.retailPrice,
          image: absolute(v.imageUrl),
        })),
      ),
    })),
  };
}

/** The feed as Shopify's product CSV: the first row of a product carries its fields, the next only their variant's. */
export function shopifyCsv(feed: ProductFeed, words: { colour: string; size: string }): string {
  const rows = feed.products.flatMap((p) =>
    p.variants.map((v, i) => [
      p.handle,
      i === 0 ? p.title : '',
      i === 0 ? bodyHtml(p.description) : '',
      i === 0 ? p.vendor : '',
      i === 0 ? words.colour : '',
      v.colour,
      i === 0 ? words.size : '',
      v.size,
      v.sku,
      v.gtin ?? '',
      v.retailPrice === null ? '' : v.retailPrice.toFixed(2),
      // A colour's picture once, on its first size.
      p.variants.findIndex((w) => w.colour === v.colour) === i ? v.image : '',
    ]),
  );
  return spreadsheetCsv(SHOPIFY_COLUMNS, rows);
}

/**
 * The season's pictures, full size, named by reference and colour (a colour's others numbered after it), as a
 * ZIP written while they are read: one picture in memory at a time, however large the season.
 */
export function picturesZip(products: TradeProduct[], read: (url: string) => Promise<Buffer | null>): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) return void out.destroy(error);
    out.write(Buffer.from(chunk));
    if (final) out.end();
  });
  void (async () => {
    for (const p of products) {
      for (const v of p.variants) {
        const base = slug(`${p.reference ?? p.id} ${v.colorName}`) || String(v.id);
        const urls = [...new Set([v.imageUrl, ...v.imageGallery].filter(Boolean))];
        for (const [n, url] of urls.entries()) {
          if (out.destroyed) return;
          // The client reads slower than the disk: the next picture waits until it has taken this one.
          if (out.writableNeedDrain) await once(out, 'drain');
          const bytes = await read(url);
          if (!bytes) continue;
          const ext = /\.([a-z0-9]{2,5})(?:$|\?)/i.exec(url)?.[1]?.toLowerCase() ?? 'jpg';
          // Pictures are compressed already: stored as they are.
          const file = new ZipPassThrough(`${base}${n === 0 ? '' : `-${n + 1}`}.${ext}`);
          zip.add(file);
          file.push(new Uint8Array(bytes), true);
        }
      }
    }
    zip.end();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
