import type { InvoicingSettingsInputRaw } from '@atelier/contract';

/**
 * A legal identity whose keys are right (SIREN 732829320 with its Luhn key, its SIRET, the French
 * VAT key for it, a French IBAN with its check digits): the demo's and the crash check's.
 */
export function sampleLegalIdentity(overrides: Partial<InvoicingSettingsInputRaw> = {}): InvoicingSettingsInputRaw {
  return {
    legalName: 'Maison Solène SAS',
    legalForm: 'SAS',
    shareCapital: 10000,
    address: { line1: '12 rue des Tisserands', postcode: '34000', town: 'Montpellier', country: 'FR' },
    siren: '732829320',
    siret: '73282932000074',
    rcsTown: 'Montpellier',
    vatNumber: 'FR44732829320',
    iban: 'FR7630006000011234567890189',
    bic: 'AGRIFRPP',
    // The SEPA creditor identifier of the European example (issue 59): the demo collects by direct debit.
    creditorId: 'FR72ZZZ123456',
    invoicePrefix: 'F',
    creditNotePrefix: 'AV',
    paymentDays: 30,
    endOfMonth: false,
    penaltyRate: 12.15,
    earlyPaymentDiscount: null,
    vatOnDebits: false,
    ...overrides,
  };
}
