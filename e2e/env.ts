import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DATA_DIR = path.resolve(import.meta.dirname, '.tmp/data');
export const OUTBOX_DIR = path.join(E2E_DATA_DIR, 'outbox');
/** Fingerprints of the pages axe found clean in this run (emptied when the e2e server starts). */
export const AXE_CLEAN_DIR = path.resolve(import.meta.dirname, '.tmp/axe-clean');
export const SERVER_LOG = path.resolve(import.meta.dirname, '.tmp/server.log');

/** Each test that changes an account gets its own, so tests can run in parallel. */
export const ACCOUNTS = {
  admin: { email: 'admin@e2e.example', password: 'admin-e2e-2026', role: 'admin' },
  retailer: { email: 'shop@e2e.example', password: 'shop-e2e-2026', role: 'retailer' },
  changer: { email: 'changer@e2e.example', password: 'change-e2e-2026', role: 'retailer' },
  resetter: { email: 'resetter@e2e.example', password: 'reset-e2e-2026', role: 'retailer' },
  expiring: { email: 'expiring@e2e.example', password: 'expire-e2e-2026', role: 'admin' },
  orderer: { email: 'orderer@e2e.example', password: 'order-e2e-2026', role: 'retailer' },
  lister: { email: 'lister@e2e.example', password: 'list-e2e-2026', role: 'retailer' },
  seasoner: { email: 'seasoner@e2e.example', password: 'season-e2e-2026', role: 'retailer' },
  securer: { email: 'securer@e2e.example', password: 'secure-e2e-2026', role: 'retailer' },
  biller: { email: 'biller@e2e.example', password: 'bill-e2e-2026', role: 'retailer' },
  invoicee: { email: 'invoicee@e2e.example', password: 'invoice-e2e-2026', role: 'retailer' },
  gent: { email: 'gent@e2e.example', password: 'gent-e2e-2026', role: 'retailer' },
  platformer: { email: 'platformer@e2e.example', password: 'platform-e2e-2026', role: 'retailer' },
  // The stockist the showroom spec takes orders for (its orders are its own).
  showroomer: { email: 'showroomer@e2e.example', password: 'showroom-e2e-2026', role: 'retailer' },
  packer: { email: 'packer@e2e.example', password: 'pack-e2e-2026', role: 'retailer' },
  // The shop the shipments spec ships to in parcels (issue 45).
  shipper: { email: 'shipper@e2e.example', password: 'ship-e2e-2026', role: 'retailer' },
  // The shop whose orders the owner picks and ships in bulk (issue 45).
  picker: { email: 'picker@e2e.example', password: 'pick-e2e-2026', role: 'retailer' },
  // The shop that sends a faulty piece back (issue 45).
  returner: { email: 'returner@e2e.example', password: 'return-e2e-2026', role: 'retailer' },
  // A group of two shops: its admin invites a buyer and an accountant (issue 46).
  grouper: { email: 'grouper@e2e.example', password: 'group-e2e-2026', role: 'retailer' },
  // A shop with terms of its own: 5 % off, 60 days (issue 47).
  termer: { email: 'termer@e2e.example', password: 'terms-e2e-2026', role: 'retailer' },
  // A shop asked a deposit on its pre-orders (issue 47).
  depositor: { email: 'depositor@e2e.example', password: 'deposit-e2e-2026', role: 'retailer' },
  // A London shop buying in pounds (issue 47).
  pounder: { email: 'pounder@e2e.example', password: 'pound-e2e-2026', role: 'retailer' },
  // A shop that changes its sent order (issue 57).
  amender: { email: 'amender@e2e.example', password: 'amend-e2e-2026', role: 'retailer' },
  // A shop whose order the owner changes herself (issue 57): its own draft, apart from the amender's.
  mover: { email: 'mover@e2e.example', password: 'move-e2e-2026', role: 'retailer' },
  // A shop the owner writes a proposal for, which it sends as its order (issue 57).
  proposee: { email: 'proposee@e2e.example', password: 'propose-e2e-2026', role: 'retailer' },
  // Two shops whose pre-orders of a short size the owner allocates and ships (issue 58).
  allotter: { email: 'allotter@e2e.example', password: 'allot-e2e-2026', role: 'retailer' },
  sharer: { email: 'sharer@e2e.example', password: 'share-e2e-2026', role: 'retailer' },
  // A shop that buys the last pieces and returns one, and a shop that waits for them (issue 58).
  emptier: { email: 'emptier@e2e.example', password: 'empty-e2e-2026', role: 'retailer' },
  waiter: { email: 'waiter@e2e.example', password: 'wait-e2e-2026', role: 'retailer' },
  // A shop that pays by transfer, and a shop debited under its SEPA mandate (issue 59).
  payer: { email: 'payer@e2e.example', password: 'payer-e2e-2026', role: 'retailer' },
  debtor: { email: 'debtor@e2e.example', password: 'debtor-e2e-2026', role: 'retailer' },
  // A shop whose order is tagged and packed by scan, and which takes the feed for its till (issue 60).
  tagger: { email: 'tagger@e2e.example', password: 'tagger-e2e-2026', role: 'retailer' },
} as const satisfies Record<string, { email: string; password: string; role: 'admin' | 'retailer' }>;
