import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { createServices } from '../services.ts';
import { applicationInput, listingInput, postInput, productInput, seasonInput, sectionInput, stockInput } from '@atelier/contract';
import type { AppServices } from '../services.ts';
import { DEMO_PRODUCTS, demoPayload } from './demo-catalogue.ts';
import { DEMO_POSTS, DEMO_SECTIONS, demoPostPayload } from './demo-journal.ts';
import { seedDemoOrders } from './demo-orders.ts';
import { seedDemoCompany } from './demo-company.ts';
import { fabricSvg, garmentSvg, lookbookSvg, renderJpeg } from './demo-images.ts';

/**
 * Demo content, written once, on a fresh database (SEED=demo): a retailer
 * account and the demo collection with drawn images. Later starts never
 * re-seed, so content the owner deleted stays deleted.
 */
export async function seedDemo(services: AppServices): Promise<void> {
  const hasRetailer = await services.database.db.selectFrom('users').select('id').where('role', '=', 'retailer').executeTakeFirst();
  if (!hasRetailer) {
    const shop = await services.users.create({ email: 'boutique@demo.example', role: 'retailer', password: 'boutique2026', locale: 'fr' });
    // The demo retailer appears on /where-to-buy (a real one chooses to, on /account).
    await services.listings.saveMine(
      shop.id,
      listingInput.parse({
        listed: true,
        name: 'La Boutique des Halles',
        address: '4 place des Halles',
        postcode: '34200',
        city: 'Sète',
        website: 'https://boutique-des-halles.example',
        instagram: '@boutique.des.halles',
        description: {
          fr: 'Une boutique de créateurs face au marché, du lin et des céramiques.',
          en: 'A designers’ shop facing the market, linen and ceramics.',
        },
      }),
    );
  }
  if ((await services.catalogue.count()) === 0) await seedCatalogue(services);
  if ((await services.pages.admin('home')).version === 0) await seedHero(services);
  if ((await services.journal.count()) === 0) await seedJournal(services);
  if ((await services.seasons.count()) === 0) await seedSeasons(services);
  if ((await services.retailers.count()) === 0) {
    await services.retailers.apply(
      applicationInput.parse({
        name: 'Camille Roux',
        email: 'camille@la-mercerie-du-port.example',
        company: 'La Mercerie du Port',
        siret: '123 456 789 00012',
        phone: '04 67 00 00 00',
        shopType: 'Concept store',
        message: 'Bonjour, nous tenons une petite boutique de créateurs à Sète et aimerions proposer vos robes en lin cet été.',
        consent: true,
        catalogOptIn: true,
      }),
      'fr',
    );
  }
}

/** The season's terms of trade, as a small label writes them. */
export function demoTerms(orderEmail: string) {
  return {
    validUntil: '2027-03-31',
    openingMinimum: 600,
    reorderMinimum: 250,
    orderEmail,
    translations: [
      {
        locale: 'fr',
        seasonName: 'Printemps-été 2027',
        paymentTerms:
          'Première commande : 30 % à la commande, le solde avant expédition. Réassorts : paiement à 30 jours fin de mois par virement, une fois deux commandes réglées.',
        deliveryWindow:
          'Commandes jusqu’au 31 mars 2027. Livraisons échelonnées du 15 février au 30 avril ; chaque pièce est coupée et cousue dans notre atelier de Montpellier.',
        shippingNotes:
          'Franco de port en France métropolitaine dès 800 € HT, sinon 18 € HT par colis. Les pièces abîmées à la réception sont échangées sous 14 jours ; pas de retour des invendus.',
      },
      {
        locale: 'en',
        seasonName: 'Spring-Summer 2027',
        paymentTerms:
          'First order: 30% when ordering, the balance before shipping. Reorders: payment at 30 days end of month by bank transfer, once two orders have been paid.',
        deliveryWindow: 'Orders until 31 March 2027. Deliveries from 15 February to 30 April; every piece is cut and sewn in our Montpellier workshop.',
        shippingNotes:
          'Free shipping within mainland France from €800 excl. VAT, otherwise €18 excl. VAT per parcel. Pieces damaged on arrival are exchanged within 14 days; unsold stock is not taken back.',
      },
    ],
  };
}

const addDays = (base: Date, days: number) => new Date(base.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Three seasons around today, as a label runs them: last autumn's (closed, sold from stock),
 * this spring's (pre-orders open, two deliveries, the terms above) and next autumn's (upcoming);
 * carry-over styles in several, and stock on the pieces the workshop already made.
 */
async function seedSeasons(services: AppServices): Promise<void> {
  const now = new Date();
  const close = addDays(now, 75);
  const terms = demoTerms(services.config.BRAND_EMAIL);
  const seasonTerms = (validUntil: string) => ({
    validUntil,
    openingMinimum: terms.openingMinimum,
    reorderMinimum: terms.reorderMinimum,
    orderEmail: terms.orderEmail,
    translations: terms.translations.map(({ seasonName: _name, ...texts }) => texts),
  });
  const delivery = (fr: string, en: string, from: string, to: string) => ({
    from,
    to,
    translations: [
      { locale: 'fr', name: fr },
      { locale: 'en', name: en },
    ],
  });
  const make = (code: string, fr: string, en: string, open: string, closeOn: string, deliveries: ReturnType<typeof delivery>[], validUntil = closeOn) =>
    services.seasons.save(
      seasonInput.parse({
        code,
        ordersOpen: open,
        ordersClose: closeOn,
        translations: [
          { locale: 'fr', name: fr },
          { locale: 'en', name: en },
        ],
        deliveries,
        terms: seasonTerms(validUntil),
      }),
      undefined,
      null,
    );
  // The demo's styles are the 2027 spring collection (MS27-…): its name and terms are fixed, its windows follow today.
  const springName = (lang: 'fr' | 'en') => terms.translations.find((x) => x.locale === lang)!.seasonName;
  const spring = await make(
    'SS27',
    springName('fr'),
    springName('en'),
    addDays(now, -45),
    close,
    [
      delivery('Première livraison', 'First delivery', addDays(now, 82), addDays(now, 112)),
      delivery('Deuxième livraison', 'Second delivery', addDays(now, 120), addDays(now, 150)),
    ],
    terms.validUntil,
  );
  const autumn = await make('AW26', 'Automne-hiver 2026', 'Autumn-Winter 2026', addDays(now, -240), addDays(now, -120), [
    delivery('Livraison d’automne', 'Autumn delivery', addDays(now, -100), addDays(now, -60)),
  ]);
  const next = await make('AW27', 'Automne-hiver 2027', 'Autumn-Winter 2027', addDays(now, 105), addDays(now, 200), [
    delivery('Livraison d’automne', 'Autumn delivery', addDays(now, 260), addDays(now, 300)),
  ]);
  const db = services.database.db;
  const products = await db.selectFrom('products').select(['id', 'reference']).execute();
  const byRef = (ref: string) => products.find((p) => p.reference === ref)?.id;
  const plan: Record<string, number[]> = {
    'MS27-SOL-ROBE-01': [spring.id],
    'MS27-LAV-BLOU-02': [spring.id],
    'MS27-GAR-PANT-03': [spring.id],
    'MS27-AUB-KIMO-04': [next.id],
    'MS27-MIS-JUPE-05': [spring.id],
    'MS27-ATE-CHEM-06': [autumn.id, spring.id],
    'MS27-EST-COMB-07': [autumn.id],
    'MS27-TIS-ETOL-08': [autumn.id, spring.id, next.id],
  };
  await db.transaction().execute(async (trx) => {
    for (const [ref, seasonIds] of Object.entries(plan)) {
      const id = byRef(ref);
      if (id !== undefined) await services.seasons.setProductSeasons(trx, id, seasonIds, false);
    }
  });
  // What last autumn left on the shelves: sold at once.
  const stock = await services.stock.list('fr');
  const items = stock.flatMap((row) => {
    if (row.reference === 'MS27-TIS-ETOL-08') return row.cells.map((c, i) => ({ variantId: row.variantId, size: c.size, onHand: [12, 4, 0, 7][i % 4]! }));
    if (row.reference === 'MS27-EST-COMB-07') return row.cells.map((c, i) => ({ variantId: row.variantId, size: c.size, onHand: [3, 0, 2, 1][i % 4]! }));
    if (row.reference === 'MS27-ATE-CHEM-06')
      return row.cells.map((c, i) => ({
        variantId: row.variantId,
        size: c.size,
        onHand: i === 1 ? 0 : 5,
        ...(i === 1 ? { incoming: [{ quantity: 10, availableFrom: addDays(now, 21) }] } : {}),
      }));
    return [];
  });
  if (items.length) await services.stock.save(stockInput.parse({ items }).items, null);
  await seedDemoOrders(services, { spring: spring.id, autumn: autumn.id, autumnClose: addDays(now, -120) });
  // The README's demo stockist trades too: a company with two doors, its people and orders in every state.
  await seedDemoCompany(services, spring.id);
}

async function seedJournal(services: AppServices): Promise<void> {
  const ids = new Map<string, number>();
  for (const section of DEMO_SECTIONS) {
    const saved = await services.journal.saveSection(
      sectionInput.parse({
        translations: [
          { locale: 'fr', ...section.fr },
          { locale: 'en', ...section.en },
        ],
      }),
      'fr',
      undefined,
      null,
    );
    ids.set(section.key, saved!.id);
  }
  for (const [index, post] of DEMO_POSTS.entries()) {
    const cover = post.cover
      ? await services.media.store(
          await renderJpeg(post.cover.draw === 'dress' ? garmentSvg('dress', post.cover.colour, index) : fabricSvg(post.cover.colour, index)),
        )
      : null;
    await services.journal.savePost(postInput.parse(demoPostPayload(post, ids.get(post.section)!, cover)), 'fr', undefined, null);
  }
}

/** The home page's lookbook picture (the texts stay the label's own). */
async function seedHero(services: AppServices): Promise<void> {
  const url = await services.media.store(await renderJpeg(lookbookSvg()));
  const home = await services.pages.admin('home');
  const heroAlt = {
    fr: 'Un kimono olive, une robe terracotta et une blouse ocre suspendus dans la lumière du matin.',
    en: 'An olive kimono, a terracotta dress and an ochre blouse hanging in the morning light.',
  };
  await services.pages.save('home', 0, { ...home.content, heroImage: url, heroAlt }, null);
}

async function seedCatalogue(services: AppServices): Promise<void> {
  // Oldest first, so the first product of the list is the newest (the grid shows newest first).
  for (const [index, product] of [...DEMO_PRODUCTS].reverse().entries()) {
    const images = await Promise.all(
      product.variants.map(async (variant, v) => {
        const seed = index * 7 + v;
        const [main, fabric] = await Promise.all([
          renderJpeg(garmentSvg(product.garment, variant.code, seed)).then((jpeg) => services.media.store(jpeg)),
          renderJpeg(fabricSvg(variant.code, seed)).then((jpeg) => services.media.store(jpeg)),
        ]);
        return { main, gallery: [fabric] };
      }),
    );
    await services.catalogue.save(productInput.parse(demoPayload(product, images)), 'fr', undefined, null);
  }
}

// `node server/src/cli/seed.ts`: the server runs this in a child process on its first start, so
// the memory that drawing and encoding the demo images takes goes back to the system with it.
if (import.meta.main) {
  const config = loadConfig(process.env);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: path.join(config.dataDir, 'site.db') });
  try {
    await seedDemo(createServices(config, database, pino({ level: 'silent' })));
  } finally {
    await database.close();
  }
}
