import {
  EU_COUNTRIES,
  roundToStep,
  unitOf,
  isEuVat,
  type CompanyDetails,
  type InvoiceGap,
  type InvoiceStatus,
  type InvoicingSettingsInput,
} from '@atelier/contract';
import { type VatTreatment } from './facturx.ts';

const EU = new Set<string>(EU_COUNTRIES);

/** VAT by buyer (issue 24): France (and Monaco) 20 % S; another EU country with a valid VAT number K; outside the EU G; an EU business without one 20 %. */
export function vatFor(country: string, vatNumber: string | null): VatTreatment {
  if (country === 'FR' || country === 'MC' || (EU.has(country) && !(vatNumber && isEuVat(vatNumber))))
    return { category: 'S', rate: 20, exemptionCode: null, exemption: null };
  if (EU.has(country)) return { category: 'K', rate: 0, exemptionCode: 'VATEX-EU-IC', exemption: 'Exonération de TVA, article 262 ter I du CGI' };
  return { category: 'G', rate: 0, exemptionCode: 'VATEX-EU-G', exemption: 'Exonération de TVA, article 262 I du CGI' };
}

/** Base and VAT per rate, the VAT rounded once per rate (EN 16931 BR-CO-17), exact to the cent (to the yen in yen). */
export function totals(lines: Array<{ totalCents: number }>, vat: VatTreatment, currency = 'EUR') {
  const base = lines.reduce((sum, l) => sum + l.totalCents, 0);
  const vatCents = roundToStep((base * vat.rate) / 100, unitOf(currency));
  return { breakdown: [{ baseCents: base, vatCents }], totalExclCents: base, totalVatCents: vatCents, totalInclCents: base + vatCents };
}

/** The due day: the issue day plus the terms, then the end of that month when the terms say so. */
export function dueDate(issueDate: string, seller: InvoicingSettingsInput): string {
  const date = new Date(`${issueDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + seller.paymentDays);
  if (seller.endOfMonth) date.setUTCMonth(date.getUTCMonth() + 1, 0);
  return date.toISOString().slice(0, 10);
}

export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** What an issued invoice still needs: the label's identity, then the shop's name, billing address and SIREN. */
export function gapsOf(configured: boolean, company: CompanyDetails): InvoiceGap[] {
  return [...(configured ? [] : (['seller'] as const)), ...(company.toComplete ?? [])];
}

/**
 * What a document's state is on `day` (issue 59 tells settled apart): a credit note; settled — credited when
 * credit notes settled it with nothing paid (nor a deposit deducted), else paid; open — overdue past its due day, else partly paid,
 * partly credited, or unpaid.
 */
export function statusOf(
  type: 'invoice' | 'creditNote',
  dueCents: number,
  paidCents: number,
  dueDate: string | null,
  day: string,
  creditedCents = 0,
  prepaidCents = 0,
): InvoiceStatus {
  if (type === 'creditNote') return 'credit';
  if (dueCents <= 0) return paidCents <= 0 && prepaidCents <= 0 && creditedCents > 0 ? 'credited' : 'paid';
  if (dueDate !== null && dueDate < day) return 'overdue';
  if (paidCents > 0) return 'partlyPaid';
  return creditedCents > 0 ? 'partlyCredited' : 'unpaid';
}
