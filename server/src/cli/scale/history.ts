// seed:scale, the trade of ten years: seasons, styles, shops and their applications, orders with their
// lines and history, and the current seasons' stock. Rows are written in batches with their ids chosen
// here (the sequences are set after), the same columns and derived values the services write.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { applicationSearchText, orderSearchText, productSearchText } from '../../lib/search.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { COLOURS, FABRICS, GARMENTS, NAMES, SHOP_WORDS, SIZES, TOWNS, frenchVat, siren, type Random } from './words.ts';

export interface Plan {
  years: number[];
  styles: number;
  shops: number;
  orders: number;
  invoices: number;
  creditNotes: number;
  payments: number;
  activity: number;
  webhookDeliveries: number;
}

/** Ids handed out here, one counter per table, from what the table holds already. */
export class Ids {
  private readonly next = new Map<string, number>();
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }
  async start(tables: Array<keyof Database>) {
    for (const table of tables) {
      const row = await this.db
        .selectFrom(table as 'orders')
        .select((eb) => eb.fn.max('id').as('max'))
        .executeTakeFirst();
      this.next.set(table, Number(row?.max ?? 0) + 1);
    }
  }
  take(table: keyof Database): number {
    const id = this.next.get(table)!;
    this.next.set(table, id + 1);
    return id;
  }
}

/** Inserts rows in batches small enough for either database's limit on parameters. */
export async function insertMany<T extends keyof Database>(db: Kysely<Database>, table: T, rows: Array<Record<string, unknown>>): Promise<void> {
  if (rows.length === 0) return;
  const size = Math.max(1, Math.floor(30_000 / Object.keys(rows[0]!).length));
  for (let i = 0; i < rows.length; i += size) {
    try {
      await db
        .insertInto(table)
        .values(rows.slice(i, i + size) as never)
        .execute();
    } catch (error) {
      throw new Error(`${String(table)}: ${(error as Error).message}`, { cause: error });
    }
  }
}

const iso = (day: string, minutes = 600) => new Date(Date.parse(`${day}T00:00:00Z`) + minutes * 60_000).toISOString();
export const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export interface SeasonRow {
  id: number;
  code: string;
  open: string;
  close: string;
  deliveries: Array<{ id: number; start: string; end: string }>;
  styles: StyleRow[];
}
export interface StyleRow {
  productId: number;
  reference: string;
  titles: { fr: string; en: string };
  variants: Array<{ id: number; colour: (typeof COLOURS)[number]; priceCents: number }>;
}
export interface ShopRow {
  userId: number;
  email: string;
  locale: 'fr' | 'en';
  name: string;
  company: string;
  country: string;
  town: string;
}
export interface OrderRow {
  id: number;
  number: string;
  userId: number;
  shop: ShopRow;
  status: 'submitted' | 'confirmed' | 'shipped' | 'cancelled';
  createdAt: string;
  confirmedAt: string | null;
  shippedOn: string | null;
  cancelledAt: string | null;
  shipDate: string | null;
  shippingCents: number | null;
  totalCents: number;
  lines: Array<{
    id: number;
    variantId: number;
    productId: number;
    reference: string;
    titles: { fr: string; en: string };
    colour: (typeof COLOURS)[number];
    size: string;
    quantity: number;
    unitPriceCents: number;
  }>;
}

/** The first shop's (`shop001@scale.example`) password: the bench and a visitor sign in as a shop with ten years of orders. */
export const SCALE_SHOP_PASSWORD = 'scale-shop-2026';

const BASE_PRICE: Record<string, number> = {
  dress: 11800,
  blouse: 7800,
  trousers: 9800,
  skirt: 8800,
  shirt: 8200,
  jumpsuit: 12800,
  jacket: 14800,
  stole: 4800,
};

/** Two seasons a year (spring-summer ordered in the first quarter, autumn-winter in the summer), two deliveries each, their styles. */
export async function writeSeasons(db: Kysely<Database>, ids: Ids, rnd: Random, plan: Plan, images: string[], brandEmail: string): Promise<SeasonRow[]> {
  const seasons: SeasonRow[] = [];
  const positions = await db
    .selectFrom('products')
    .select((eb) => eb.fn.max('position').as('max'))
    .executeTakeFirst();
  let position = Number(positions?.max ?? 0) + 1;
  const perSeason = Math.max(1, Math.round(plan.styles / (plan.years.length * 2)));
  const rows = {
    seasons: [] as object[],
    seasonT: [] as object[],
    deliveries: [] as object[],
    deliveryT: [] as object[],
    products: [] as object[],
    productT: [] as object[],
    variants: [] as object[],
    variantT: [] as object[],
    links: [] as object[],
  };
  let image = 0;
  for (const year of plan.years) {
    const yy = String(year).slice(2);
    for (const [kind, open, close, d1, d2] of [
      ['SS', `${year}-01-05`, `${year}-03-31`, [`${year}-04-01`, `${year}-04-30`], [`${year}-05-01`, `${year}-05-31`]],
      ['AW', `${year}-06-01`, `${year}-08-31`, [`${year}-09-01`, `${year}-09-30`], [`${year}-10-01`, `${year}-10-31`]],
    ] as const) {
      const id = ids.take('seasons');
      const code = `${kind}${yy}`;
      const season: SeasonRow = { id, code, open, close, deliveries: [], styles: [] };
      rows.seasons.push({
        id,
        code,
        orders_open: open,
        orders_close: close,
        valid_until: close,
        opening_minimum_cents: 60000,
        reorder_minimum_cents: 25000,
        order_email: brandEmail,
        created_at: iso(addDays(open, -30)),
        updated_at: iso(addDays(open, -30)),
        updated_by: null,
      });
      const name = kind === 'SS' ? { fr: `Printemps-été ${year}`, en: `Spring-Summer ${year}` } : { fr: `Automne-hiver ${year}`, en: `Autumn-Winter ${year}` };
      for (const locale of ['fr', 'en'] as const) {
        rows.seasonT.push({
          season_id: id,
          locale,
          name: name[locale],
          payment_terms: { fr: 'Paiement à 30 jours.', en: 'Payment within 30 days.' }[locale],
          delivery_window: '',
          shipping_notes: '',
        });
      }
      for (const [i, [start, end]] of [d1, d2].entries()) {
        const deliveryId = ids.take('season_deliveries');
        season.deliveries.push({ id: deliveryId, start, end });
        rows.deliveries.push({ id: deliveryId, season_id: id, position: i, starts_on: start, ends_on: end });
        rows.deliveryT.push(
          { delivery_id: deliveryId, locale: 'fr', name: i === 0 ? 'Première livraison' : 'Deuxième livraison' },
          { delivery_id: deliveryId, locale: 'en', name: i === 0 ? 'First delivery' : 'Second delivery' },
        );
      }
      for (let s = 0; s < perSeason; s += 1) {
        const garment = GARMENTS[(s + year) % GARMENTS.length]!;
        const fabric = rnd.pick(FABRICS);
        const word = NAMES[(s * 7 + year) % NAMES.length]!;
        const productId = ids.take('products');
        const reference = `${code}-${garment.garment.slice(0, 4).toUpperCase()}-${String(s + 1).padStart(2, '0')}`;
        const titles = { fr: `${garment.fr} ${word}`, en: `${word} ${garment.en}` };
        const created = iso(addDays(open, -45));
        rows.products.push({
          id: productId,
          reference,
          status: 'published',
          position: position++,
          created_at: created,
          updated_at: created,
          packs_only: 0,
          order_multiple: 1,
          search_text: productSearchText(reference, [titles.fr, titles.en]),
        });
        rows.productT.push(
          {
            product_id: productId,
            locale: 'fr',
            title: titles.fr,
            description: `${garment.fr} ${fabric.fr}, coupée et cousue dans notre atelier de Montpellier.`,
            mantra: null,
          },
          {
            product_id: productId,
            locale: 'en',
            title: titles.en,
            description: `A ${garment.en} in ${fabric.en}, cut and sewn in our Montpellier workshop.`,
            mantra: null,
          },
        );
        rows.links.push({ product_id: productId, season_id: id });
        const style: StyleRow = { productId, reference, titles, variants: [] };
        const first = rnd.int(0, COLOURS.length - 1);
        for (let c = 0; c < 3; c += 1) {
          const colour = COLOURS[(first + c * 5) % COLOURS.length]!;
          const variantId = ids.take('variants');
          const priceCents = (BASE_PRICE[garment.garment] ?? 9000) + rnd.int(0, 4) * 500;
          style.variants.push({ id: variantId, colour, priceCents });
          rows.variants.push({
            id: variantId,
            product_id: productId,
            position: c,
            color_code: colour.code,
            image_url: images[image++ % images.length]!,
            image_gallery: '[]',
            price_cents: priceCents,
            retail_price_cents: Math.round((priceCents * 2.3) / 500) * 500,
            sizes: SIZES.join(','),
          });
          rows.variantT.push({ variant_id: variantId, locale: 'fr', color_name: colour.fr }, { variant_id: variantId, locale: 'en', color_name: colour.en });
        }
        season.styles.push(style);
      }
      seasons.push(season);
    }
  }
  await db.transaction().execute(async (trx) => {
    await insertMany(trx, 'seasons', rows.seasons as never);
    await insertMany(trx, 'season_translations', rows.seasonT as never);
    await insertMany(trx, 'season_deliveries', rows.deliveries as never);
    await insertMany(trx, 'season_delivery_translations', rows.deliveryT as never);
    await insertMany(trx, 'products', rows.products as never);
    await insertMany(trx, 'product_translations', rows.productT as never);
    await insertMany(trx, 'variants', rows.variants as never);
    await insertMany(trx, 'variant_translations', rows.variantT as never);
    await insertMany(trx, 'product_seasons', rows.links as never);
  });
  return seasons;
}

/** The shops: an account, company details that an invoice can be issued to, and the application that made them. */
export async function writeShops(db: Kysely<Database>, ids: Ids, rnd: Random, plan: Plan, adminId: number | null): Promise<ShopRow[]> {
  const shops: ShopRow[] = [];
  const users: object[] = [];
  const companies: object[] = [];
  const applications: object[] = [];
  const since = `${plan.years[0]}-01-02`;
  for (let n = 1; n <= plan.shops; n += 1) {
    const [town, postcode, country] = TOWNS[(n * 7) % TOWNS.length]!;
    const name = `${SHOP_WORDS.first[n % SHOP_WORDS.first.length]} ${SHOP_WORDS.second[(n * 3) % SHOP_WORDS.second.length]}${n > 150 ? ` ${town}` : ''}`;
    const email = `shop${String(n).padStart(3, '0')}@scale.example`;
    const locale = country === 'FR' || country === 'BE' || country === 'CH' ? 'fr' : 'en';
    const userId = ids.take('users');
    const joined = iso(addDays(since, rnd.int(0, 400)));
    const sirenNumber = country === 'FR' ? siren(400_000 + n * 131) : null;
    const siret = sirenNumber ? `${sirenNumber}000${String(10 + (n % 89)).padStart(2, '0')}` : null;
    const vat = country === 'FR' ? frenchVat(sirenNumber!) : country === 'BE' ? 'BE0477472701' : null;
    const line1 = `${rnd.int(1, 60)} rue ${rnd.pick(['des Tanneurs', 'du Marché', 'Mercière', 'des Lices', 'de la République', 'Sainte-Catherine'])}`;
    // The first shop signs in (docs/features.md: trying the site on ten years); the others have not chosen a password.
    users.push({
      id: userId,
      email,
      password_hash: n === 1 ? await hashPassword(SCALE_SHOP_PASSWORD) : null,
      role: 'retailer',
      locale,
      created_at: joined,
      updated_at: joined,
    });
    companies.push({
      user_id: userId,
      company_name: name,
      siret,
      vat_number: vat,
      billing_address: `${line1}, ${postcode} ${town}`,
      delivery_address: null,
      phone: `04 ${rnd.int(10, 99)} ${rnd.int(10, 99)} ${rnd.int(10, 99)} ${rnd.int(10, 99)}`,
      updated_at: joined,
      billing_line1: line1,
      billing_line2: null,
      billing_postcode: postcode,
      billing_town: town,
      billing_country: country,
      siren: sirenNumber,
      to_complete: 0,
      // As the demo's shops: nobody is mailed reminders about a generated history.
      invoice_reminders: 0,
    });
    const person = `${rnd.pick(['Léa', 'Camille', 'Hugo', 'Inès', 'Jules', 'Margaux', 'Nina', 'Paul', 'Zoé', 'Émile'])} ${rnd.pick(['Martin', 'Bernard', 'Roux', 'Faure', 'Garnier', 'Lemoine', 'Moreau', 'Girard'])}`;
    const application = { name: person, company: name, email, siret };
    applications.push({
      id: ids.take('retailer_applications'),
      ...application,
      phone: null,
      shop_type: 'Concept store',
      message: 'Bonjour, nous aimerions proposer vos pièces dans notre boutique.',
      catalog_opt_in: 0,
      consent_at: joined,
      locale,
      status: 'accepted',
      created_at: joined,
      accepted_at: joined,
      accepted_by: adminId,
      retailer_user_id: userId,
      catalog_sent_at: null,
      search_text: applicationSearchText(application, [name, town, siret]),
    });
    shops.push({
      userId,
      email,
      locale,
      name,
      company: JSON.stringify({
        companyName: name,
        siret,
        vatNumber: vat,
        billingAddress: `${line1}, ${postcode} ${town}`,
        deliveryAddress: null,
        phone: null,
        siren: sirenNumber,
        billing: { line1, line2: '', postcode, town, country },
        delivery: null,
        toComplete: [],
      }),
      country,
      town,
    });
  }
  await db.transaction().execute(async (trx) => {
    await insertMany(trx, 'users', users as never);
    await insertMany(trx, 'company_details', companies as never);
    await insertMany(trx, 'retailer_applications', applications as never);
  });
  return shops;
}

/**
 * The orders: each season's pre-orders, sent in its window by its shops; past seasons shipped (a few
 * cancelled), the last one still moving (sent, confirmed with a ship date in the coming weeks, shipped,
 * cancelled). Numbers run per year in the order they were sent, as the counter hands them out.
 */
export async function writeOrders(
  db: Kysely<Database>,
  ids: Ids,
  rnd: Random,
  plan: Plan,
  seasons: SeasonRow[],
  shops: ShopRow[],
  today: string,
): Promise<OrderRow[]> {
  const orders: Array<
    Omit<OrderRow, 'id' | 'number' | 'lines'> & { lines: Array<Omit<OrderRow['lines'][number], 'id'>>; seasonId: number; deliveryId: number }
  > = [];
  for (const [index, season] of seasons.entries()) {
    const last = index === seasons.length - 1;
    const span = (Date.parse(season.close) - Date.parse(season.open)) / 60_000;
    const count = Math.floor(plan.orders / seasons.length) + (index < plan.orders % seasons.length ? 1 : 0);
    for (let o = 0; o < count; o += 1) {
      const shop = shops[rnd.int(0, shops.length - 1)]!;
      const createdAt = new Date(Date.parse(`${season.open}T07:00:00Z`) + rnd.int(0, span)).toISOString();
      const delivery = rnd.pick(season.deliveries);
      const lines: Array<Omit<OrderRow['lines'][number], 'id'>> = [];
      const styles = [...season.styles].sort(() => rnd.next() - 0.5).slice(0, rnd.int(2, 4));
      for (const style of styles) {
        for (const variant of style.variants.slice(0, rnd.int(1, 2))) {
          const from = rnd.int(0, 2);
          for (const size of SIZES.slice(from, from + rnd.int(3, 4))) {
            lines.push({
              variantId: variant.id,
              productId: style.productId,
              reference: style.reference,
              titles: style.titles,
              colour: variant.colour,
              size,
              quantity: rnd.int(1, 6),
              unitPriceCents: variant.priceCents,
            });
          }
        }
      }
      const roll = rnd.next();
      const status: OrderRow['status'] = last
        ? roll < 0.45
          ? 'shipped'
          : roll < 0.7
            ? 'confirmed'
            : roll < 0.9
              ? 'submitted'
              : 'cancelled'
        : roll < 0.93
          ? 'shipped'
          : 'cancelled';
      const confirmedAt =
        status === 'submitted' || (status === 'cancelled' && roll < 0.96) ? null : new Date(Date.parse(createdAt) + rnd.int(1, 6) * 86_400_000).toISOString();
      const shippedOn = status === 'shipped' ? addDays(delivery.start, rnd.int(0, 25)) : null;
      const shipDate = status === 'confirmed' ? addDays(today, rnd.int(-3, 24)) : (shippedOn ?? (confirmedAt ? delivery.start : null));
      orders.push({
        userId: shop.userId,
        shop,
        status,
        createdAt,
        confirmedAt,
        shippedOn,
        cancelledAt: status === 'cancelled' ? new Date(Date.parse(createdAt) + rnd.int(2, 9) * 86_400_000).toISOString() : null,
        shipDate,
        shippingCents: status === 'shipped' && rnd.chance(0.3) ? 1800 : null,
        totalCents: lines.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0),
        lines,
        seasonId: season.id,
        deliveryId: delivery.id,
      });
    }
  }
  orders.sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1));
  const counters = new Map<number, number>();
  const made: OrderRow[] = [];
  const orderRows: object[] = [];
  const lineRows: object[] = [];
  const eventRows: object[] = [];
  for (const o of orders) {
    const year = Number(o.createdAt.slice(0, 4));
    const rank = (counters.get(year) ?? 0) + 1;
    counters.set(year, rank);
    const id = ids.take('orders');
    const number = `${year}-${String(rank).padStart(4, '0')}`;
    const lines = o.lines.map((l) => ({ ...l, id: ids.take('order_lines') }));
    const updated = o.cancelledAt ?? (o.shippedOn ? iso(o.shippedOn, 900) : null) ?? o.confirmedAt ?? o.createdAt;
    orderRows.push({
      id,
      number,
      company_id: o.userId,
      retailer_email: o.shop.email,
      locale: o.shop.locale,
      status: o.status,
      idempotency_key: `scale-${id}`,
      note: null,
      company: o.shop.company,
      total_cents: o.totalCents,
      pieces: lines.reduce((sum, l) => sum + l.quantity, 0),
      ship_date: o.shipDate,
      carrier: o.shippedOn ? (id % 3 === 0 ? 'DPD' : 'Colissimo') : null,
      tracking: o.shippedOn ? `6A${String(10_000_000 + id)}` : null,
      cancel_reason: o.cancelledAt ? (id % 2 ? 'Doublon de commande' : 'Tissu en rupture') : null,
      created_at: o.createdAt,
      updated_at: updated,
      season_id: o.seasonId,
      delivery_id: o.deliveryId,
      mode: 'preBook',
      submission_rank: 0,
      shipping_cents: o.shippingCents,
      channel: id % 12 === 0 ? 'showroom' : 'portal',
      taken_by: null,
      taken_by_name: id % 12 === 0 ? 'Maison Solène' : null,
      search_text: orderSearchText(number, o.shop.company, o.shop.email, [...new Set(lines.map((l) => l.reference))]),
    });
    for (const [position, l] of lines.entries()) {
      lineRows.push({
        id: l.id,
        order_id: id,
        position,
        variant_id: l.variantId,
        product_id: l.productId,
        product_title: JSON.stringify(l.titles),
        color_name: JSON.stringify({ fr: l.colour.fr, en: l.colour.en }),
        color_code: l.colour.code,
        reference: l.reference,
        size: l.size,
        quantity: l.quantity,
        unit_price_cents: l.unitPriceCents,
        pack_name: null,
        packs: null,
      });
    }
    eventRows.push({ id: ids.take('order_events'), order_id: id, status: 'submitted', by_role: 'retailer', note: null, at: o.createdAt });
    if (o.confirmedAt) eventRows.push({ id: ids.take('order_events'), order_id: id, status: 'confirmed', by_role: 'brand', note: null, at: o.confirmedAt });
    if (o.shippedOn) eventRows.push({ id: ids.take('order_events'), order_id: id, status: 'shipped', by_role: 'brand', note: null, at: iso(o.shippedOn, 900) });
    if (o.cancelledAt) eventRows.push({ id: ids.take('order_events'), order_id: id, status: 'cancelled', by_role: 'brand', note: null, at: o.cancelledAt });
    made.push({ ...o, id, number, lines });
  }
  await db.transaction().execute(async (trx) => {
    await insertMany(trx, 'orders', orderRows as never);
    await insertMany(trx, 'order_lines', lineRows as never);
    await insertMany(trx, 'order_events', eventRows as never);
    for (const [year, last] of counters) {
      await trx
        .insertInto('order_counters')
        .values({ year, last })
        .onConflict((oc) => oc.column('year').doUpdateSet({ last }))
        .execute();
    }
  });
  return made;
}

/** The current seasons' stock: a count for every colour and size, its movement beside it (stock = its movements). */
export async function writeStock(db: Kysely<Database>, ids: Ids, rnd: Random, seasons: SeasonRow[], adminId: number | null, at: string): Promise<number> {
  const levels: object[] = [];
  const movements: object[] = [];
  for (const season of seasons.slice(-2)) {
    for (const style of season.styles) {
      for (const variant of style.variants) {
        for (const size of SIZES) {
          const onHand = rnd.int(0, 24);
          levels.push({ variant_id: variant.id, size, on_hand: onHand, reserved: 0, updated_at: at });
          movements.push({
            id: ids.take('stock_movements'),
            variant_id: variant.id,
            size,
            order_id: null,
            on_hand_delta: onHand,
            reserved_delta: 0,
            reason: 'count',
            user_id: adminId,
            at,
          });
        }
      }
    }
  }
  await db.transaction().execute(async (trx) => {
    await insertMany(trx, 'stock_levels', levels as never);
    await insertMany(trx, 'stock_movements', movements as never);
  });
  return levels.length;
}
