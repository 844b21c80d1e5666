import { parse } from 'csv-parse/sync';
import { BARCODE_MESSAGES, SIZES, ean13CheckDigit, isEan13, type Gs1State, type Locale, type TagLayout } from '@atelier/contract';
import type { CompaniesService } from '../companies/service.ts';
import { orderPieces } from './order-tags.ts';
import { readOrderLines, readOrders } from '../../read-models/orders.ts';
import { drawTags } from './tags.ts';
import { sql, type Kysely } from 'kysely';
import { nowIso, type Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { chunks } from '../../lib/chunks.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { sentenceIn } from '../../lib/messages.ts';
import { mapPage, readPage, type PageRequest } from '../../lib/paging.ts';
import { pick } from '../../lib/texts.ts';
import { readProductTranslations, readProducts, readVariantTranslations, readVariants } from '../../read-models/catalogue.ts';
import { logActivity, type Actor } from '../activity/service.ts';

type Trx = Kysely<Database>;
type Piece = { variantId: number; size: string };
const IMPORT_MAX_LINES = 5000;
const sizeOrder = (size: string) => (SIZES as readonly string[]).indexOf(size);
const fold = (v: string) =>
  v
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

/**
 * EAN-13 codes for every colour × size (issue 60): given in sequence under the label's GS1 company prefix
 * (check digit computed), or imported from the codes she already has (each checked). A code is never
 * given twice and a size keeps its code: the table only grows.
 */
export class BarcodesService {
  private readonly db: Db;
  private readonly companies: Pick<CompaniesService, 'terms'>;
  private readonly brand: string;
  constructor(deps: { db: Db; companies: Pick<CompaniesService, 'terms'>; brand: string }) {
    this.db = deps.db;
    this.companies = deps.companies;
    this.brand = deps.brand;
  }

  /** Each line of an order with its piece's EAN-13 (the lines whose piece has one): the ship form packs by scanning them. */
  async orderGtins(orderId: number): Promise<Array<{ lineId: number; gtin: string }> | null> {
    const order = await this.db.selectFrom(readOrders().as('o')).select('o.id').where('o.id', '=', orderId).executeTakeFirst();
    if (!order) return null;
    return this.db
      .selectFrom(readOrderLines().as('l'))
      .innerJoin('barcodes', (join) => join.onRef('barcodes.variant_id', '=', 'l.variant_id').onRef('barcodes.size', '=', 'l.size'))
      .select(['l.id as lineId', 'barcodes.gtin'])
      .where('l.order_id', '=', orderId)
      .orderBy('l.position')
      .execute();
  }

  /** An order's (or one parcel's) hang tags as a PDF of labels; null when it is not there (or not the company's). */
  async tags(order: { id: number; shipmentId?: number; companyId?: number }, layout: TagLayout, lang: Locale): Promise<{ name: string; pdf: Buffer } | null> {
    const found = await orderPieces(this.db, this.companies, order, lang);
    if (!found) return null;
    return { name: `tags-${found.number}.pdf`, pdf: await drawTags(found.pieces, layout, this.brand, lang, `${this.brand} · ${found.number}`) };
  }

  async gs1(db: Trx = this.db): Promise<Gs1State> {
    const row = await db.selectFrom('barcode_settings').selectAll().where('id', '=', 1).executeTakeFirst();
    if (!row) return { prefix: null, capacity: 0, used: 0, left: 0, publish: false };
    const capacity = 10 ** (12 - row.prefix.length);
    return { prefix: row.prefix, capacity, used: row.next_item, left: capacity - row.next_item, publish: Number(row.publish_codes) === 1 };
  }

  /**
   * Each colour's codes, in size order, for the public product page's structured data (ADR 0033): only
   * when the owner chose to publish them, and never with their sizes. Empty otherwise.
   */
  async published(variantIds: number[]): Promise<Record<number, string[]>> {
    const codes: Record<number, string[]> = {};
    const settings = await this.db.selectFrom('barcode_settings').select('publish_codes').where('id', '=', 1).executeTakeFirst();
    if (!variantIds.length || Number(settings?.publish_codes) !== 1) return codes;
    const rows = await this.db.selectFrom('barcodes').select(['variant_id', 'size', 'gtin']).where('variant_id', 'in', variantIds.slice(0, 200)).execute();
    rows.sort((a, b) => a.variant_id - b.variant_id || sizeOrder(a.size) - sizeOrder(b.size));
    for (const row of rows) (codes[row.variant_id] ??= []).push(row.gtin);
    return codes;
  }

  /** The prefix saved (and, when said, whether the codes are published); under a prefix used before, numbering goes on after its highest code. */
  async setPrefix(prefix: string, actor: Actor, publish?: boolean): Promise<Gs1State> {
    return this.db.transaction().execute(async (trx) => {
      const highest = await trx
        .selectFrom('barcodes')
        .select(sql<string | null>`max(gtin)`.as('gtin'))
        .where('gtin', 'like', `${prefix}%`)
        .executeTakeFirst();
      const next = highest?.gtin ? Number(highest.gtin.slice(prefix.length, 12)) + 1 : 0;
      const values = { prefix, next_item: next, updated_at: nowIso(), ...(publish === undefined ? {} : { publish_codes: publish ? 1 : 0 }) };
      await trx
        .insertInto('barcode_settings')
        .values({ id: 1, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
      await logActivity(trx, actor, { kind: 'stock', action: 'save', subject: `GS1 ${prefix}` });
      return this.gs1(trx);
    });
  }

  /** Every size without a code gets the next ones under the prefix, in the collection's order; all or none (422 when the range is short). */
  async assign(actor: Actor): Promise<{ assigned: number; left: number }> {
    return this.db.transaction().execute(async (trx) => {
      // Held: two at once number one after the other.
      await trx
        .updateTable('barcode_settings')
        .set({ next_item: sql`next_item` })
        .where('id', '=', 1)
        .execute();
      const state = await this.gs1(trx);
      if (!state.prefix) throw new HttpError(422, BARCODE_MESSAGES.prefixMissing);
      const wanting = await this.withoutCode(trx);
      if (wanting.length > state.left) throw new HttpError(422, BARCODE_MESSAGES.rangeUsedUp, {}, `${state.left}.`);
      const taken = new Set<string>();
      let item = state.used;
      const rows: Array<Piece & { gtin: string }> = [];
      for (const piece of wanting) {
        let gtin: string;
        do {
          if (item >= state.capacity) throw new HttpError(422, BARCODE_MESSAGES.rangeUsedUp, {}, '0.');
          const first12 = `${state.prefix}${String(item).padStart(12 - state.prefix.length, '0')}`;
          gtin = `${first12}${ean13CheckDigit(first12)}`;
          item += 1;
        } while (taken.has(gtin) || (await trx.selectFrom('barcodes').select('id').where('gtin', '=', gtin).executeTakeFirst()));
        taken.add(gtin);
        rows.push({ ...piece, gtin });
      }
      await this.insert(trx, rows, 'assigned');
      await trx.updateTable('barcode_settings').set({ next_item: item, updated_at: nowIso() }).where('id', '=', 1).execute();
      if (rows.length) await logActivity(trx, actor, { kind: 'stock', action: 'create', subject: `EAN-13 × ${rows.length}` });
      return { assigned: rows.length, left: state.capacity - item };
    });
  }

  /** Every colour × size of the collection that has no code yet, in the collection's order. */
  private async withoutCode(trx: Trx): Promise<Piece[]> {
    const variants = await trx
      .selectFrom(readVariants().as('v'))
      .innerJoin(readProducts().as('p'), 'p.id', 'v.product_id')
      .select(['v.id', 'v.sizes'])
      .orderBy('p.position')
      .orderBy('p.id')
      .orderBy('v.position')
      .execute();
    const coded = new Set((await trx.selectFrom('barcodes').select(['variant_id', 'size']).execute()).map((b) => `${b.variant_id}:${b.size}`));
    return variants.flatMap((v) =>
      v.sizes
        .split(',')
        .filter(Boolean)
        .sort((a, b) => sizeOrder(a) - sizeOrder(b))
        .filter((size) => !coded.has(`${v.id}:${size}`))
        .map((size) => ({ variantId: v.id, size })),
    );
  }

  private async insert(trx: Trx, rows: Array<Piece & { gtin: string }>, source: 'assigned' | 'imported'): Promise<void> {
    const at = nowIso();
    for (const slice of chunks(rows, 200))
      await trx
        .insertInto('barcodes')
        .values(slice.map((r) => ({ variant_id: r.variantId, size: r.size, gtin: r.gtin, source, created_at: at })))
        .execute();
  }

  /** The codes she already has (reference, colour, size, EAN): each line checked; one refused line and nothing is written (422 with every line). */
  async importCsv(csv: string, actor: Actor, lang: Locale): Promise<{ imported: number; unchanged: number }> {
    let records: string[][];
    try {
      const delimiter = (csv.slice(0, 2000).match(/;/g)?.length ?? 0) > (csv.slice(0, 2000).match(/,/g)?.length ?? 0) ? ';' : ',';
      records = parse(csv.replace(/^\ufeff/, ''), { delimiter, relax_column_count: true, skip_empty_lines: false, trim: true }) as string[][];
    } catch {
      throw new HttpError(422, BARCODE_MESSAGES.importInvalid);
    }
    if (records.length > IMPORT_MAX_LINES + 1) throw new HttpError(422, BARCODE_MESSAGES.importInvalid);
    return this.db.transaction().execute(async (trx) => {
      const pieces = await this.catalogueIndex(trx);
      const existing = await trx.selectFrom('barcodes').select(['variant_id', 'size', 'gtin']).execute();
      const byGtin = new Map(existing.map((b) => [b.gtin, `${b.variant_id}:${b.size}`]));
      const byPiece = new Map(existing.map((b) => [`${b.variant_id}:${b.size}`, b.gtin]));
      const errors: Array<{ line: number; text: string; error: string }> = [];
      const rows: Array<Piece & { gtin: string }> = [];
      const seenCodes = new Set<string>();
      const seenPieces = new Set<string>();
      let unchanged = 0;
      records.forEach((cells, index) => {
        if (cells.every((c) => c === '')) return;
        const [reference = '', colour = '', size = '', code = ''] = cells;
        if (index === 0 && !/^\d+$/.test(code)) return; // its header
        const fail = (key: string) => errors.push({ line: index + 1, text: cells.join(', ').slice(0, 120), error: sentenceIn(key, lang) });
        const variants = pieces.get(reference.toUpperCase());
        if (!variants) return fail(BARCODE_MESSAGES.lineUnknownReference);
        const variant = variants.find((v) => v.colours.includes(fold(colour)));
        if (!variant) return fail(BARCODE_MESSAGES.lineUnknownColour);
        const wanted = size.toUpperCase().replace(/[^A-Z0-9]/g, '');
        if (!variant.sizes.includes(wanted)) return fail(BARCODE_MESSAGES.lineUnknownSize);
        const gtin = code.replace(/\s+/g, '');
        if (!isEan13(gtin)) return fail(BARCODE_MESSAGES.lineCheckDigit);
        const key = `${variant.id}:${wanted}`;
        if (seenCodes.has(gtin) || seenPieces.has(key)) return fail(BARCODE_MESSAGES.lineDuplicate);
        seenCodes.add(gtin);
        seenPieces.add(key);
        if (byPiece.get(key) === gtin) return void (unchanged += 1);
        if (byGtin.has(gtin)) return fail(BARCODE_MESSAGES.lineTaken);
        if (byPiece.has(key)) return fail(BARCODE_MESSAGES.lineHasCode);
        rows.push({ variantId: variant.id, size: wanted, gtin });
      });
      if (errors.length) throw new HttpError(422, BARCODE_MESSAGES.importRefused, {}, errors.map((e) => e.line).join(', '), { lines: errors.slice(0, 200) });
      await this.insert(trx, rows, 'imported');
      if (rows.length) await logActivity(trx, actor, { kind: 'stock', action: 'import', subject: `EAN-13 × ${rows.length}` });
      return { imported: rows.length, unchanged };
    });
  }

  /** Each style's colours by its reference: their folded names in both languages and colour code, their sizes. */
  private async catalogueIndex(trx: Trx): Promise<Map<string, Array<{ id: number; colours: string[]; sizes: string[] }>>> {
    const rows = await trx
      .selectFrom(readVariants().as('v'))
      .innerJoin(readProducts().as('p'), 'p.id', 'v.product_id')
      .leftJoin(readVariantTranslations().as('vt'), 'vt.variant_id', 'v.id')
      .select(['v.id', 'v.sizes', 'v.color_code', 'p.reference', 'vt.color_name'])
      .execute();
    const index = new Map<string, Array<{ id: number; colours: string[]; sizes: string[] }>>();
    for (const r of rows) {
      if (!r.reference) continue;
      const list = index.get(r.reference.toUpperCase()) ?? [];
      let variant = list.find((v) => v.id === r.id);
      if (!variant) {
        variant = { id: r.id, colours: r.color_code ? [fold(r.color_code)] : [], sizes: r.sizes.split(',').filter(Boolean) };
        list.push(variant);
      }
      if (r.color_name) variant.colours.push(fold(r.color_name));
      index.set(r.reference.toUpperCase(), list);
    }
    return index;
  }

  /** The collection's colours with each size's code, a page at a time (by style and colour). */
  async list(paging: PageRequest, lang: Locale) {
    const query = this.db
      .selectFrom(readVariants().as('v'))
      .innerJoin(readProducts().as('p'), 'p.id', 'v.product_id')
      .select(['v.id', 'v.product_id', 'v.sizes', 'p.reference']);
    const page = await readPage(query, { sort: 'v.id', id: 'v.id', sortOf: (r) => r.id, idOf: (r) => r.id, direction: 'asc' }, paging);
    return mapPage(page, async (rows) => {
      if (rows.length === 0) return [];
      const ids = rows.map((r) => r.id);
      const [codes, colours, titles] = await Promise.all([
        this.db.selectFrom('barcodes').select(['variant_id', 'size', 'gtin']).where('variant_id', 'in', ids).execute(),
        this.db
          .selectFrom(readVariantTranslations().as('vt'))
          .select(['vt.variant_id', 'vt.locale', 'vt.color_name'])
          .where('vt.variant_id', 'in', ids)
          .execute(),
        this.db
          .selectFrom(readProductTranslations().as('pt'))
          .select(['pt.product_id', 'pt.locale', 'pt.title'])
          .where(
            'pt.product_id',
            'in',
            rows.map((r) => r.product_id),
          )
          .execute(),
      ]);
      const code = new Map(codes.map((c) => [`${c.variant_id}:${c.size}`, c.gtin]));
      const named = <T extends { locale: string }>(list: T[], value: (t: T) => string) => pick(Object.fromEntries(list.map((t) => [t.locale, value(t)])), lang);
      return rows.map((r) => ({
        variantId: r.id,
        productId: r.product_id,
        reference: r.reference,
        productTitle: named(
          titles.filter((t) => t.product_id === r.product_id),
          (t) => t.title,
        ),
        colorName: named(
          colours.filter((c) => c.variant_id === r.id),
          (c) => c.color_name,
        ),
        sizes: r.sizes
          .split(',')
          .filter(Boolean)
          .map((size) => ({ size, gtin: code.get(`${r.id}:${size}`) ?? null })),
      }));
    });
  }
}
