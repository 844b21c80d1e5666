import type { IssuedDocument, VatTreatment } from './facturx.ts';

/** An issued document's line as its row: what the service writes at issue and seed:scale writes in bulk. */
export function invoiceLineRow(
  invoiceId: number,
  position: number,
  line: IssuedDocument['lines'][number],
  links: { orderLineId: number | null; creditedLineId: number | null },
  vat: VatTreatment,
) {
  return {
    invoice_id: invoiceId,
    position,
    kind: line.kind,
    order_line_id: links.orderLineId,
    credited_line_id: links.creditedLineId,
    reference: line.reference,
    product: line.product,
    colour: line.colour,
    size: line.size,
    quantity: line.quantity,
    unit_price_cents: line.unitPriceCents,
    list_price_cents: line.listPriceCents ?? null,
    vat_category: vat.category,
    vat_rate: String(vat.rate),
    total_cents: line.totalCents,
  };
}

/** The document's VAT breakdown as stored: each base with its category, rate and exemption. */
export function breakdownJson(doc: Pick<IssuedDocument, 'breakdown' | 'vat'>): string {
  return JSON.stringify(
    doc.breakdown.map((b) => ({ category: doc.vat.category, rate: doc.vat.rate, exemption: doc.vat.exemption, exemptionCode: doc.vat.exemptionCode, ...b })),
  );
}
