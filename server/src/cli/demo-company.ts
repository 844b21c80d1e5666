import { companyInput, companyTermsInput, doorInput, draftInput, personInvite, type CompanyTermsInput, type Order, type Size } from '@atelier/contract';
import { hashPassword } from '../lib/crypto.ts';
import type { Actor } from '../lib/actor.ts';
import type { AppServices } from '../services.ts';

/** The README's demo stockist and the colleagues a newcomer can sign in as (issue 56, item 7). */
export const DEMO_COMPANY = {
  founder: { email: 'boutique@demo.example', name: 'Léa Marchand' },
  buyer: { email: 'acheteuse@demo.example', name: 'Inès Garnier', password: 'boutique2026' },
  accounts: { email: 'compta@demo.example', name: 'Paul Roche', password: 'boutique2026' },
} as const;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * The demo stockist as a company that trades (issue 56, item 7): La Boutique des Halles, two doors (Sète
 * and Montpellier), its founder, a buyer for Montpellier and an accounts person, its own terms (30 days
 * end of month, 5 % off) and this spring's orders in every state: sent, confirmed with a 30 % deposit
 * paid, partly shipped (a parcel with its delivery note and invoice, the rest to follow), shipped with a
 * faulty piece sent back and credited, and one cancelled by the shop. Written through the services, as
 * the shop and the owner would; nobody is mailed.
 */
export async function seedDemoCompany(services: AppServices, springId: number): Promise<void> {
  const db = services.database.db;
  const founder = await db.selectFrom('users').select(['id', 'email']).where('email', '=', DEMO_COMPANY.founder.email).executeTakeFirst();
  const owner = await db.selectFrom('users').select(['id', 'email']).where('role', '=', 'admin').orderBy('id').executeTakeFirst();
  if (!founder || !owner) return;
  const companyId = founder.id;
  const admin: Actor = { id: owner.id, email: owner.email, role: 'admin' };
  const shop: Actor = { id: founder.id, email: founder.email, role: 'retailer', company: { id: companyId } };
  await db.updateTable('users').set({ name: DEMO_COMPANY.founder.name }).where('id', '=', companyId).execute();
  const sete = { line1: '4 place des Halles', postcode: '34200', town: 'Sète', country: 'FR' };
  await services.companies.saveCompany(
    companyId,
    companyInput.parse({ companyName: 'La Boutique des Halles', siret: '45678912300017', phone: '04 67 53 21 08', billing: sete, delivery: sete }),
  );
  const [first] = await services.companies.doors.list(companyId);
  const montpellier = await services.companies.doors.create(
    companyId,
    doorInput.parse({
      name: 'Les Halles — Montpellier',
      address: { line1: '12 rue de l’Aiguillerie', postcode: '34000', town: 'Montpellier', country: 'FR' },
      phone: '04 67 60 44 12',
      hours: 'Du mardi au samedi, 10 h – 19 h',
      public: true,
    }),
    shop,
  );
  for (const [who, role, doorIds] of [
    [DEMO_COMPANY.buyer, 'buyer', [montpellier.id]],
    [DEMO_COMPANY.accounts, 'accounts', []],
  ] as const) {
    const person = await services.companies.people.invite(
      companyId,
      personInvite.parse({ email: who.email, name: who.name, role, doorIds, locale: 'fr' }),
      shop,
    );
    await db
      .updateTable('users')
      .set({ password_hash: await hashPassword(who.password) })
      .where('id', '=', person.id)
      .execute();
  }
  const terms = (deposit: number | null) =>
    companyTermsInput.parse({ paymentDays: 30, endOfMonth: true, discount: 5, openingMinimum: null, reorderMinimum: null, deposit, depositHold: false });
  await services.companies.terms.save(companyId, terms(null), admin);
  await demoOrders(services, { springId, companyId, admin, shop, first: first!.id, montpellier: montpellier.id, withDeposit: () => terms(30) });
  // Nobody is mailed: the demo's addresses are not real.
  await db.deleteFrom('mail_outbox').where('to_address', 'like', '%@demo.example').where('status', '=', 'pending').execute();
}

/** This spring's orders of the company, one in each state (the deposit asked from the fourth on). */
async function demoOrders(
  services: AppServices,
  c: { springId: number; companyId: number; admin: Actor; shop: Actor; first: number; montpellier: number; withDeposit: () => CompanyTermsInput },
): Promise<void> {
  const db = services.database.db;
  const { springId, companyId, admin, shop } = c;

  const pieces = await db
    .selectFrom('variants')
    .innerJoin('products', 'products.id', 'variants.product_id')
    .select(['variants.id', 'variants.sizes'])
    .where('products.reference', 'in', ['MS27-SOL-ROBE-01', 'MS27-LAV-BLOU-02', 'MS27-GAR-PANT-03', 'MS27-MIS-JUPE-05'])
    .orderBy('products.position')
    .orderBy('variants.position')
    .execute();
  const deliveries = await db.selectFrom('season_deliveries').select('id').where('season_id', '=', springId).orderBy('position').execute();
  const send = async (n: number, doorId: number, personId = companyId): Promise<Order> => {
    const lines = pieces.slice(n % 2, (n % 2) + 3).flatMap((v) =>
      (v.sizes.split(',').filter(Boolean) as Size[]).slice(1, 4).map((size, z) => ({
        variantId: v.id,
        size,
        quantity: z === 1 ? 3 : 2,
        mode: 'preBook' as const,
        deliveryId: deliveries[0]!.id,
      })),
    );
    await services.orders.replaceDraft(personId, draftInput.parse({ lines }).lines, 'fr');
    return (await services.orders.submit(personId, `demo-halles-${n}`, { doorId, note: n === 0 ? 'Livraison le matin si possible.' : undefined }, 'fr')).order;
  };
  const confirm = (order: Order) => services.orders.confirm(order.id, { shipDate: day(20) }, admin, 'fr');

  // Shipped, then a faulty piece sent back, received and credited.
  const returned = await confirm(await send(1, c.first));
  const shipped = await services.orders.ship(returned.id, { carrier: 'Colissimo', tracking: '6A19876543210' }, admin, 'fr');
  const line = shipped.lines[0]!;
  const asked = await services.returns.request(
    shipped.id,
    companyId,
    { shipmentId: shipped.shipments![0]!.id, lines: [{ lineId: line.id, quantity: 1, reason: 'faulty', note: 'Une couture ouverte à l’épaule.' }] },
    'fr',
  );
  await services.returns.accept(asked.id, { instructions: 'Renvoyez la pièce en Colissimo, l’étiquette est à notre charge.' }, admin, 'fr');
  await services.returns.receive(
    asked.id,
    asked.lines.map((l) => ({ lineId: l.id, quantity: 1, resellable: false })),
    admin,
    'fr',
  );
  // Partly shipped: the first sizes in a parcel, the rest to follow.
  const part = await confirm(await send(2, c.montpellier, (await personId(services, DEMO_COMPANY.buyer.email)) ?? companyId));
  await services.orders.shipPart(
    part.id,
    { lines: part.lines.slice(0, 4).map((l) => ({ lineId: l.id, quantity: l.quantity })), carrier: 'DPD', tracking: '05123456789012', followDate: day(25) },
    admin,
    'fr',
  );
  // Cancelled by the shop while it was only sent.
  const cancelled = await send(3, c.first);
  await services.orders.cancel(cancelled.id, 'Commande envoyée deux fois.', shop, 'fr');
  // From now on a 30 % deposit: the next order, confirmed, has its deposit invoice, paid.
  await services.companies.terms.save(companyId, c.withDeposit(), admin);
  const withDeposit = await confirm(await send(4, c.first));
  const deposit = (await services.orders.get(withDeposit.id, 'fr'))?.deposit;
  if (deposit) {
    await services.invoices.addPayment(
      deposit.invoiceId,
      { date: day(0), amount: deposit.amount, method: 'transfer', reference: 'VIR HALLES 30 %' },
      admin,
      'fr',
    );
  }
  // And one just sent, waiting for the owner.
  await send(0, c.first);
}

async function personId(services: AppServices, email: string): Promise<number | undefined> {
  return (await services.users.findByEmail(email))?.id;
}
