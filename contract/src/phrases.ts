// The sentences the server makes from values (an error's specifics, a document's fixed words, an
// export's columns), one catalogue per language (issue 44): services pass codes and values, and the
// words come from here, never from a branch on the language. Fixed sentences are the *_MESSAGES.
import { formatDay, formatPrice } from './format.ts';
import type { Locale } from './constants.ts';
import type { ShowroomReason } from './showroom.ts';

export interface Phrases {
  /** A closed season in a refusal: "AW27: opens on March 1, 2027". */
  seasonOpensOn(season: string, day: string): string;
  seasonClosedOn(season: string, day: string): string;
  /** What the order lacks to reach its minimum (opening order or reorder). */
  belowMinimum(kind: 'opening' | 'reorder', amount: number, missing: number): string;
  /** A piece with what stock has left of it. */
  piecesLeft(what: string, left: number): string;
  /** The same, said after a reason: " (2 left)". */
  leftAfter(left: number): string;
  /** A shipment stock cannot cover: what to ship, what is on hand. */
  toShipOnHand(what: string, quantity: number, left: number): string;
  /** Why the rest of a pre-order was cancelled once its allocated pieces shipped (issue 58). */
  allocationShort: string;
  /** "line 3" in a refusal naming the line. */
  line(n: number): string;
  /** "line 3: Robe Soleil, Terracotta, S, at once". */
  lineNamed(n: number, what: string): string;
  /** Where an at-once line goes (a pre-booked one says its delivery window). */
  atOnce: string;
  /** A label then its value: "Reason: …" ("Motif : …"). */
  colon: string;
  /** The showroom's reasons for refusing a line, and the order's minimum. */
  showroomReason: Record<ShowroomReason | 'belowMinimum', string>;
  /** The showroom's order below its minimum: "… : 300,00 € HT ; il manque 120,00 €". */
  showroomBelowMinimum(amount: number, missing: number): string;
  /** The note on a shop met at the showroom, for the owner's applications. */
  metAtShowroom(agent: string): string;
  /** The reason an order cancelled by its retailer gives. */
  cancelledByRetailer: string;
  /** The reason a change still waiting is refused when its order can no longer change (issue 57). */
  changeWindowClosed: string;
  /** A change's line that sends the order to another door. */
  changeDoor: string;
  /** The order a change's moved lines now form. */
  changeSplitOrder: (number: string) => string;
  /** An invoice's shipping line. */
  shipping: string;
  /** The sales journal's columns and kinds of document. */
  journalColumns: readonly string[];
  documentKind: { invoice: string; creditNote: string; deposit: string };
  /** A deposit invoice's line: "Deposit of 30 % on order 2027-0042". */
  depositLine(percent: number, order: string): string;
  /** Credit notes on a deposit: what was not paid when the goods left, what is given back. */
  depositUnpaid(order: string): string;
  depositRefund(order: string): string;
  /** A deposit order changed (issue 57): the complement of its deposit, and what a smaller order no longer asks. */
  depositComplement(percent: number, order: string, revision: number): string;
  depositReduced(order: string, revision: number): string;
  /** The line sheet's file name (before the season and the language). */
  lineSheetFile: string;
  /** A return's credit note's reason: "Return 2027-0042-R1". */
  returnCredit(number: string): string;
}

export const PHRASES_EN: Phrases = {
  seasonOpensOn: (season, day) => `${season}: opens on ${formatDay(day, 'en')}`,
  seasonClosedOn: (season, day) => `${season}: closed on ${formatDay(day, 'en')}`,
  belowMinimum: (kind, amount, missing) =>
    `The ${kind === 'opening' ? 'opening order' : 'reorder'} minimum is ${formatPrice(amount, 'en')} excl. VAT; ${formatPrice(missing, 'en')} to go.`,
  piecesLeft: (what, left) => `${what}: ${left} left`,
  leftAfter: (left) => ` (${left} left)`,
  toShipOnHand: (what, quantity, left) => `${what}: ${quantity} to ship, ${left} on hand`,
  allocationShort: 'Not made in the quantity ordered: the pieces that could not be allocated are cancelled.',
  line: (n) => `line ${n}`,
  lineNamed: (n, what) => `line ${n}: ${what}`,
  atOnce: 'at once',
  colon: ': ',
  showroomReason: {
    unavailable: 'this colour or size no longer exists',
    tooMany: 'more than 999 pieces of one size',
    packUnknown: 'this pack no longer exists',
    packsOnly: 'sold in packs only',
    notMultiple: 'to be ordered in multiples of',
    windowClosed: 'the order window is closed',
    notInStock: 'no longer enough in stock',
    priceChanged: 'the price has changed',
    notOrderable: 'cannot be ordered',
    twice: 'appears twice for the same delivery',
    belowMinimum: 'the order is below the minimum',
  },
  showroomBelowMinimum: (amount, missing) => `the order is below the minimum: ${formatPrice(amount, 'en')} excl. VAT; ${formatPrice(missing, 'en')} to go`,
  metAtShowroom: (agent) => `Shop met at the showroom by ${agent}; its order waits for your approval.`,
  cancelledByRetailer: 'Cancelled by the stockist',
  changeWindowClosed: 'The order can no longer change: its season’s order window has closed, or its pieces have left.',
  changeDoor: 'Delivered to',
  changeSplitOrder: (number) => `order ${number}`,
  shipping: 'Shipping',
  journalColumns: [
    'Date',
    'Number',
    'Type',
    'Customer',
    'VAT number',
    'Country',
    'VAT rate',
    'Base excl. VAT',
    'VAT',
    'Total incl. VAT',
    'Due date',
    'Paid',
    'Currency',
  ],
  documentKind: { invoice: 'Invoice', creditNote: 'Credit note', deposit: 'Deposit invoice' },
  depositLine: (percent, order) => `Deposit of ${percent} % on order ${order}`,
  depositUnpaid: (order) => `Deposit not paid when the goods of order ${order} left: they are invoiced without it`,
  depositRefund: (order) => `Deposit refunded: what was not delivered of order ${order} is cancelled`,
  depositComplement: (percent, order, revision) => `Complementary deposit of ${percent} % on order ${order} (revision ${revision})`,
  depositReduced: (order, revision) => `Deposit reduced: order ${order} is smaller since its revision ${revision}`,
  lineSheetFile: 'line-sheet',
  returnCredit: (number) => `Return ${number}`,
};

export const PHRASES_FR: Phrases = {
  seasonOpensOn: (season, day) => `${season} : ouverture le ${formatDay(day, 'fr')}`,
  seasonClosedOn: (season, day) => `${season} : clôturées le ${formatDay(day, 'fr')}`,
  belowMinimum: (kind, amount, missing) =>
    `Minimum ${kind === 'opening' ? 'de première commande' : 'de réassort'} : ${formatPrice(amount, 'fr')} HT ; il manque ${formatPrice(missing, 'fr')}.`,
  piecesLeft: (what, left) => `${what} : ${left} restante(s)`,
  leftAfter: (left) => ` (${left} restante(s))`,
  toShipOnHand: (what, quantity, left) => `${what} : ${quantity} à expédier, ${left} en stock`,
  allocationShort: 'Production inférieure à la quantité commandée : les pièces qui n’ont pu être attribuées sont annulées.',
  line: (n) => `ligne ${n}`,
  lineNamed: (n, what) => `ligne ${n} : ${what}`,
  atOnce: 'en stock',
  colon: ' : ',
  showroomReason: {
    unavailable: 'cette couleur ou taille n’existe plus',
    tooMany: 'plus de 999 pièces d’une taille',
    packUnknown: 'ce pack n’existe plus',
    packsOnly: 'vendu uniquement en packs',
    notMultiple: 'à commander par multiples de',
    windowClosed: 'la fenêtre de commande est fermée',
    notInStock: 'plus assez en stock',
    priceChanged: 'le prix a changé',
    notOrderable: 'ne peut pas être commandé',
    twice: 'figure deux fois pour la même livraison',
    belowMinimum: 'la commande n’atteint pas le minimum',
  },
  showroomBelowMinimum: (amount, missing) => `la commande n’atteint pas le minimum : ${formatPrice(amount, 'fr')} HT ; il manque ${formatPrice(missing, 'fr')}`,
  metAtShowroom: (agent) => `Boutique rencontrée au showroom par ${agent} ; sa commande attend votre accord.`,
  cancelledByRetailer: 'Annulée par le revendeur',
  changeWindowClosed: 'La commande ne peut plus changer : la fenêtre de commande de sa saison est close, ou ses pièces sont parties.',
  changeDoor: 'Livrée à',
  changeSplitOrder: (number) => `commande ${number}`,
  shipping: 'Frais de port',
  journalColumns: ['Date', 'Numéro', 'Type', 'Client', 'N° TVA', 'Pays', 'Taux TVA', 'Base HT', 'TVA', 'Total TTC', 'Échéance', 'Payé', 'Devise'],
  documentKind: { invoice: 'Facture', creditNote: 'Avoir', deposit: 'Facture d’acompte' },
  depositLine: (percent, order) => `Acompte de ${percent} % sur la commande ${order}`,
  depositUnpaid: (order) => `Acompte non réglé au départ des marchandises de la commande ${order} : elles sont facturées sans le déduire`,
  depositRefund: (order) => `Acompte remboursé : ce qui n’a pas été livré de la commande ${order} est annulé`,
  depositComplement: (percent, order, revision) => `Acompte complémentaire de ${percent} % sur la commande ${order} (révision ${revision})`,
  depositReduced: (order, revision) => `Acompte réduit : la commande ${order} est plus petite depuis sa révision ${revision}`,
  lineSheetFile: 'catalogue-revendeur',
  returnCredit: (number) => `Retour ${number}`,
};

/** The catalogue of `locale`. */
export const PHRASES: Record<Locale, Phrases> = { en: PHRASES_EN, fr: PHRASES_FR };
