import { companyInput, draftInput, invoicingSettingsInput, listingInput, type Size } from '@atelier/contract';
import type { AppServices } from '../services.ts';
import { sampleLegalIdentity } from '../modules/seller/sample.ts';

/** The demo's trade shops: where they are, so the season's figures have towns and countries. */
const RETAILERS = [
  {
    email: 'atelier-des-lices@demo.example',
    name: 'L’Atelier des Lices',
    street: '8 boulevard des Lices',
    city: 'Arles',
    postcode: '13200',
    country: 'FR',
    siret: '81234567800015',
  },
  {
    email: 'maison-gaia@demo.example',
    name: 'Maison Gaïa',
    street: '21 rue Mercière',
    city: 'Lyon',
    postcode: '69002',
    country: 'FR',
    siret: '82345678900016',
  },
  {
    email: 'la-fabrique@demo.example',
    name: 'La Fabrique',
    street: '5 rue Sainte-Catherine',
    city: 'Bordeaux',
    postcode: '33000',
    country: 'FR',
    siret: '83456789000017',
  },
  {
    email: 'linen-house@demo.example',
    name: 'Linen House',
    street: 'Veldstraat 12',
    city: 'Gent',
    postcode: '9000',
    country: 'BE',
    siret: null,
    vat: 'BE0477472701',
  },
  {
    email: 'casa-olea@demo.example',
    name: 'Casa Olea',
    street: 'Carrer del Rec 30',
    city: 'Barcelona',
    postcode: '08001',
    country: 'ES',
    siret: null,
    vat: 'ESB12345674',
  },
] as const;

const day = (base: number, offset: number) => new Date(base + offset * 86_400_000).toISOString();

/**
 * Orders from several shops across last autumn (AW26, closed) and this spring (SS27, open), sent
 * through the orders service as retailers send them (prices, minimums, numbers), then dated across
 * each order window. Nobody is mailed about them: their queued mails are dropped.
 */
export async function seedDemoOrders(services: AppServices, seasons: { spring: number; autumn: number; autumnClose: string }): Promise<void> {
  const db = services.database.db;
  const now = Date.now();
  const admin = await db.selectFrom('users').select(['id', 'email']).where('role', '=', 'admin').orderBy('id').executeTakeFirst();
  const variants = await db
    .selectFrom('variants')
    .innerJoin('products', 'products.id', 'variants.product_id')
    .select(['variants.id', 'variants.sizes', 'products.reference'])
    .orderBy('variants.position')
    .execute();
  const deliveries = await db.selectFrom('season_deliveries').select(['id', 'season_id']).orderBy('position').execute();
  const of = (seasonId: number) => deliveries.filter((d) => d.season_id === seasonId).map((d) => d.id);
  const colours = (reference: string) =>
    variants.filter((v) => v.reference === reference).map((v) => ({ id: v.id, sizes: v.sizes.split(',').filter(Boolean) as Size[] }));
  const springStyles = ['MS27-SOL-ROBE-01', 'MS27-LAV-BLOU-02', 'MS27-GAR-PANT-03', 'MS27-MIS-JUPE-05', 'MS27-ATE-CHEM-06', 'MS27-TIS-ETOL-08'];
  const autumnStyles = ['MS27-ATE-CHEM-06', 'MS27-EST-COMB-07', 'MS27-TIS-ETOL-08'];

  // Last autumn's window is reopened while its orders are sent, then closed again.
  await db
    .updateTable('seasons')
    .set({ orders_close: day(now, 1).slice(0, 10) })
    .where('id', '=', seasons.autumn)
    .execute();
  const made: Array<{ id: number; seasonId: number; shop: number; rank: number }> = [];
  try {
    for (const [index, shop] of RETAILERS.entries()) {
      const user = await services.users.create({ email: shop.email, role: 'retailer', password: null, locale: index === 3 ? 'en' : 'fr' });
      await services.companies.saveCompany(
        user.id,
        companyInput.parse({
          companyName: shop.name,
          siret: shop.siret,
          vatNumber: 'vat' in shop ? shop.vat : null,
          billing: { line1: shop.street, postcode: shop.postcode, town: shop.city, country: shop.country },
        }),
      );
      await services.listings.saveMine(
        user.id,
        listingInput.parse({
          listed: false,
          name: shop.name,
          address: '',
          postcode: shop.postcode,
          city: shop.city,
          country: shop.country,
          website: '',
          instagram: '',
          description: { fr: '', en: '' },
        }),
      );
      const plan: Array<[number, string[], number[]]> = [
        ...(index < 3 ? ([[seasons.autumn, autumnStyles, of(seasons.autumn)]] as Array<[number, string[], number[]]>) : []),
        ...(index !== 2 ? ([[seasons.spring, springStyles.slice(index % 2, (index % 2) + 4), of(seasons.spring)]] as Array<[number, string[], number[]]>) : []),
      ];
      for (const [seasonId, styles, seasonDeliveries] of plan) {
        const lines = styles.flatMap((reference, s) =>
          colours(reference)
            .slice(0, 2)
            .flatMap((colour, c) =>
              colour.sizes.slice(0, 4).map((size, z) => ({
                variantId: colour.id,
                size,
                // A bell of sizes, more of the middle ones, different from shop to shop.
                quantity: 1 + ((index + s + c + z) % 3) + (z === 1 || z === 2 ? 2 : 0),
                mode: 'preBook' as const,
                deliveryId: seasonDeliveries[(s + index) % seasonDeliveries.length]!,
              })),
            ),
        );
        await services.orders.replaceDraft(user.id, draftInput.parse({ lines }).lines, 'fr');
        const sent = await services.orders.submit(user.id, `demo-${shop.email}-${seasonId}`, undefined, 'fr');
        for (const [rank, order] of sent.orders.entries()) made.push({ id: order.id, seasonId, shop: index, rank });
      }
    }
  } finally {
    await db.updateTable('seasons').set({ orders_close: seasons.autumnClose }).where('id', '=', seasons.autumn).execute();
  }

  // The label's legal identity, so shipping issues invoices (a sample SIREN and IBAN whose keys are right).
  if (!(await services.seller.settings()).configured) {
    await services.seller.saveSettings(invoicingSettingsInput.parse(sampleLegalIdentity()), null);
  }

  await shipAndPay(services, made, seasons.autumn, admin, now);
  await dateOrders(services, made, seasons.autumn, now);
  // Nor their invoices' own mails (issue 56).
  for (const key of ['order:%', 'invoice:%']) await db.deleteFrom('mail_outbox').where('dedupe_key', 'like', key).where('status', '=', 'pending').execute();
  // Demo shops are never mailed: their payment reminders are off (the owner sees the switch on each order).
  await db
    .updateTable('company_details')
    .set({ invoice_reminders: 0 })
    .where('user_id', 'in', db.selectFrom('users').select('id').where('email', 'like', '%@demo.example'))
    .execute();
}

/**
 * Autumn's orders are confirmed and shipped (their invoices issued on that day, 95 days ago, with a
 * shipping charge); this spring's partly confirmed, one cancelled. Every autumn invoice is paid by
 * transfer but the last (overdue) and the one before (half paid).
 */
async function shipAndPay(
  services: AppServices,
  made: Array<{ id: number; seasonId: number; shop: number; rank: number }>,
  autumn: number,
  admin: { id: number; email: string } | undefined,
  now: number,
): Promise<void> {
  const db = services.database.db;
  const brand = admin ? { id: admin.id, email: admin.email, role: 'admin' as const } : null;
  const shippedIds: number[] = [];
  services.invoices.issueDay = () => day(now, -95).slice(0, 10);
  try {
    for (const [i, order] of made.entries()) {
      if (!brand) break;
      if (order.seasonId === autumn) {
        await services.orders.confirm(order.id, { shipDate: day(now, -100).slice(0, 10) }, brand, 'fr');
        await services.orders.ship(order.id, { carrier: 'Colissimo', shipping: 18 }, brand, 'fr');
        shippedIds.push(order.id);
      } else if (i % 3 === 0) await services.orders.confirm(order.id, { shipDate: day(now, 90).slice(0, 10) }, brand, 'fr');
      else if (i % 7 === 5) await services.orders.cancel(order.id, 'Doublon de commande', brand, 'fr');
    }
  } finally {
    services.invoices.issueDay = () => new Date().toISOString().slice(0, 10);
  }
  // Every autumn invoice paid by transfer but the last (overdue) and the one before (half paid).
  const invoices = await db
    .selectFrom('invoices')
    .select(['id', 'total_incl_cents'])
    .where('order_id', 'in', shippedIds.length ? shippedIds : [0])
    .where('type', '=', 'invoice')
    .orderBy('id')
    .execute();
  for (const [i, invoice] of invoices.entries()) {
    if (!admin || i === invoices.length - 1) continue;
    const half = i === invoices.length - 2;
    const amount = (half ? Math.floor(invoice.total_incl_cents / 2) : invoice.total_incl_cents) / 100;
    await services.invoices.addPayment(
      invoice.id,
      { date: day(now, -70 + i).slice(0, 10), amount, method: 'transfer', reference: `VIR ${1000 + i}` },
      brand!,
      'fr',
    );
  }
}

/** Each order dated inside its season's window: autumn 240 to 130 days ago, this spring the last 40 days. */
async function dateOrders(services: AppServices, made: Array<{ id: number; seasonId: number; shop: number; rank: number }>, autumn: number, now: number) {
  const db = services.database.db;
  for (const [i, order] of made.entries()) {
    const at = order.seasonId === autumn ? day(now, -230 + order.shop * 18 + order.rank) : day(now, -40 + order.shop * 8 + order.rank + (i % 3));
    await db.updateTable('orders').set({ created_at: at, updated_at: at }).where('id', '=', order.id).execute();
    await db.updateTable('order_events').set({ at }).where('order_id', '=', order.id).where('status', '=', 'submitted').execute();
    if (order.seasonId === autumn) {
      await db
        .updateTable('order_events')
        .set({ at: day(now, -110) })
        .where('order_id', '=', order.id)
        .where('status', '=', 'confirmed')
        .execute();
      await db
        .updateTable('order_events')
        .set({ at: day(now, -95) })
        .where('order_id', '=', order.id)
        .where('status', '=', 'shipped')
        .execute();
      await db
        .updateTable('shipments')
        .set({ shipped_at: day(now, -95) })
        .where('order_id', '=', order.id)
        .execute();
    }
  }
}
