import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { createServices } from '../services.ts';
import { applicationInput, listingInput, postInput, productInput, sectionInput, termsInput } from '@atelier/contract';
import type { AppServices } from '../services.ts';
import { DEMO_PRODUCTS, demoPayload } from './demo-catalogue.ts';
import { DEMO_POSTS, DEMO_SECTIONS, demoPostPayload } from './demo-journal.ts';
import { fabricSvg, garmentSvg, lookbookSvg, renderJpeg } from './demo-images.ts';

/**
 * Demo content, written once, on a fresh database (SEED=demo): a stockist
 * account and the demo collection with drawn images. Later starts never
 * re-seed, so content the owner deleted stays deleted.
 */
export async function seedDemo(services: AppServices): Promise<void> {
  const hasRetailer = await services.database.db.selectFrom('users').select('id').where('role', '=', 'retailer').executeTakeFirst();
  if (!hasRetailer) {
    const shop = await services.users.create({ email: 'boutique@demo.example', role: 'retailer', password: 'boutique2026', locale: 'fr' });
    // The demo stockist appears on /where-to-buy (a real one chooses to, on /account).
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
        description: { fr: 'Une boutique de créateurs face au marché, du lin et des céramiques.', en: 'A designers’ shop facing the market, linen and ceramics.' },
      }),
    );
  }
  if ((await services.catalogue.count()) === 0) await seedCatalogue(services);
  if ((await services.pages.admin('home')).version === 0) await seedHero(services);
  if ((await services.journal.count()) === 0) await seedJournal(services);
  if ((await services.wholesale.adminTerms()).updatedAt === null) await services.wholesale.saveTerms(termsInput.parse(demoTerms(services.config.BRAND_EMAIL)), null);
  if ((await services.stockists.count()) === 0) {
    await services.stockists.apply(
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
        deliveryWindow:
          'Orders until 31 March 2027. Deliveries from 15 February to 30 April; every piece is cut and sewn in our Montpellier workshop.',
        shippingNotes:
          'Free shipping within mainland France from €800 excl. VAT, otherwise €18 excl. VAT per parcel. Pieces damaged on arrival are exchanged within 14 days; unsold stock is not taken back.',
      },
    ],
  };
}

async function seedJournal(services: AppServices): Promise<void> {
  const ids = new Map<string, number>();
  for (const section of DEMO_SECTIONS) {
    const saved = await services.journal.saveSection(
      sectionInput.parse({ translations: [{ locale: 'fr', ...section.fr }, { locale: 'en', ...section.en }] }),
      'fr',
      undefined,
      null,
    );
    ids.set(section.key, saved!.id);
  }
  for (const [index, post] of DEMO_POSTS.entries()) {
    const cover = post.cover
      ? await services.media.store(await renderJpeg(post.cover.draw === 'dress' ? garmentSvg('dress', post.cover.colour, index) : fabricSvg(post.cover.colour, index)))
      : null;
    await services.journal.savePost(postInput.parse(demoPostPayload(post, ids.get(post.section)!, cover)), 'fr', undefined, null);
  }
}

/** The home page's lookbook picture (the texts stay the label's own). */
async function seedHero(services: AppServices): Promise<void> {
  const url = await services.media.store(await renderJpeg(lookbookSvg()));
  const home = await services.pages.admin('home');
  const heroAlt = { fr: 'Un kimono olive, une robe terracotta et une blouse ocre suspendus dans la lumière du matin.', en: 'An olive kimono, a terracotta dress and an ochre blouse hanging in the morning light.' };
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
