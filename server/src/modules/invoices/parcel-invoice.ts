import { PHRASES } from '@atelier/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { parseTexts, pick } from '../../lib/texts.ts';
import type { Actor } from '../activity/service.ts';
import type { CompaniesService } from '../companies/service.ts';
import { rateOn } from '../currencies/pricing.ts';
import { buyerOf } from './buyer.ts';
import { inclOf, type InvoiceDeposits } from './deposits.ts';
import type { IssuedDocument, NewDocument } from './facturx.ts';
import { drawDocumentAhead, type DrawnAhead } from './ahead.ts';
export { documentNumber, documentOf, drawDocumentAhead, fingerprintOf, type DrawnAhead } from './ahead.ts';
import type { renderInvoicePdf } from './pdf.ts';
import { dueDate, gapsOf, vatFor } from './rules.ts';
import { readOrderLines, readOrders, readShipmentLines, readShipments } from '../../read-models/orders.ts';

type Seller = IssuedDocument['seller'];
type NewLine = NewDocument['lines'][number];

/** What composing a parcel's invoice reads beside the database. */
export interface ParcelInvoiceDeps {
  seller(db: Kysely<Database>): Promise<Seller | null>;
  companies: Pick<CompaniesService, 'company' | 'terms'>;
  deposits: Pick<InvoiceDeposits, 'takeOff'>;
  issueDay(): string;
  drawPdf: typeof renderInvoicePdf;
}

/**
 * A parcel's invoice as it stands (issue 45): its lines are what the parcel holds, its shipping charge the
 * parcel's, the deposit taken off. Null when something is missing (the order then says what); `unknown`
 * when `readOnly` and composing it would write (an unpaid deposit credited first).
 */
export async function composeParcelInvoice(
  deps: ParcelInvoiceDeps,
  trx: Kysely<Database>,
  shipmentId: number,
  actor: Actor | null,
  deliveryDate: string | undefined,
  readOnly: boolean,
): Promise<NewDocument | null | 'unknown'> {
  const shipment = await trx.selectFrom(readShipments().as('shipments')).selectAll().where('id', '=', shipmentId).executeTakeFirstOrThrow();
  const order = await trx.selectFrom(readOrders().as('orders')).selectAll().where('id', '=', shipment.order_id).executeTakeFirstOrThrow();
  const seller = await deps.seller(trx);
  const company = await deps.companies.company(order.company_id ?? 0, trx);
  if (gapsOf(seller !== null, company).length) return null;
  if (await trx.selectFrom('invoices').select('id').where('shipment_id', '=', shipmentId).executeTakeFirst()) return null;
  const issueDate = deps.issueDay();
  const lines = await trx
    .selectFrom(readShipmentLines().as('s'))
    .innerJoin(readOrderLines().as('l'), 'l.id', 's.order_line_id')
    .select(['l.id', 'l.reference', 'l.product_title', 'l.color_name', 'l.size', 'l.unit_price_cents', 'l.list_price_cents', 's.quantity'])
    .where('s.shipment_id', '=', shipmentId)
    .where('s.quantity', '>', 0)
    .orderBy('l.position')
    .execute();
  const locale = order.locale;
  const buyer = await buyerOf(trx, order, company);
  const vat = vatFor(company.billing!.country, company.vatNumber);
  // The company's payment terms when it has its own (issue 47): the due date and the terms the document states.
  const applied = (await deps.companies.terms.get(order.company_id ?? 0, trx)).applied;
  const terms: Seller = { ...seller!, paymentDays: applied.paymentDays, endOfMonth: applied.endOfMonth };
  const docLines: NewLine[] = lines.map((l) => ({
    kind: 'goods',
    reference: l.reference,
    product: pick(parseTexts(l.product_title), locale),
    colour: pick(parseTexts(l.color_name), locale) || null,
    size: l.size,
    quantity: l.quantity,
    unitPriceCents: l.unit_price_cents,
    listPriceCents: l.list_price_cents,
    totalCents: l.unit_price_cents * l.quantity,
    orderLineId: l.id,
    creditedLineId: null,
  }));
  if (shipment.shipping_cents) {
    const charge = shipment.shipping_cents;
    docLines.push({
      kind: 'shipping',
      reference: null,
      product: PHRASES[locale].shipping,
      colour: null,
      size: null,
      quantity: 1,
      unitPriceCents: charge,
      totalCents: charge,
      orderLineId: null,
      creditedLineId: null,
    });
  }
  // What was paid on the order's deposit comes off (issue 47), naming the deposit invoice.
  const prepaid = await deps.deposits.takeOff(trx, order.id, inclOf(docLines, vat, order.currency), actor, readOnly);
  if (prepaid === 'unknown') return 'unknown';
  return {
    ...prepaid,
    // In the order's currency, at the rate of the invoice's day (issue 47).
    currency: order.currency,
    rateMicro: (await rateOn(trx, order.currency, issueDate)) ?? order.rate_micro,
    type: 'invoice',
    issueDate,
    deliveryDate: deliveryDate ?? shipment.shipped_at.slice(0, 10),
    dueDate: dueDate(issueDate, terms),
    orderNumber: order.number,
    invoice: null,
    reason: null,
    locale,
    seller: terms,
    buyer,
    vat,
    lines: docLines,
    orderId: order.id,
    invoiceId: null,
    userId: order.company_id,
    shipmentId,
  };
}

/**
 * A parcel's invoice drawn before the listener's transaction (issue 56): composed read-only, numbered as
 * the counter's next, its PDF drawn outside every lock. The transaction uses it only if the document gets
 * that number and is the same; else it draws again (numbers stay gapless: they are only taken there).
 */
export async function drawParcelInvoiceAhead(
  deps: ParcelInvoiceDeps,
  db: Kysely<Database>,
  shipmentId: number,
  actor: Actor | null,
  deliveryDate: string | undefined,
): Promise<DrawnAhead | null> {
  const input = await composeParcelInvoice(deps, db, shipmentId, actor, deliveryDate, true);
  if (input === null || input === 'unknown') return null;
  return drawDocumentAhead(db, input, deps.drawPdf);
}
