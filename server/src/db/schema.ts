import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Times are ISO-8601 UTC strings (sortable as text on both databases); booleans are 0/1. */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string | null;
  role: 'admin' | 'retailer' | 'agent';
  locale: 'fr' | 'en';
  created_at: string;
  updated_at: string;
  /** Set when the account is turned off (a sales agent who left): no sign-in, no session. */
  disabled_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 when the account has a second factor (a passkey or a confirmed authenticator app). */
  mfa: ColumnType<number, number | undefined, number>;
  /** A retailer's person: the company (the retailer's founding account); null on that account itself (migration 026). */
  company_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** admin, buyer or accounts; null reads admin (the founding account). */
  company_role: ColumnType<'admin' | 'buyer' | 'accounts' | null, 'admin' | 'buyer' | 'accounts' | null | undefined, 'admin' | 'buyer' | 'accounts' | null>;
  /** A person's name, as a company admin typed it when inviting them. */
  name: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AuthTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** When the holder last proved who they are (sign-in or re-authentication). */
  authenticated_at: string | null;
  last_seen_at: string | null;
  user_agent: string | null;
  /** password, mfa, passkey, recovery. */
  method: string | null;
}

export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  credential_id: string;
  public_key: string;
  counter: ColumnType<number, number | undefined, number>;
  transports: ColumnType<string, string | undefined, string>;
  backed_up: ColumnType<number, number | undefined, number>;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export interface TotpFactorsTable {
  user_id: number;
  secret: string;
  confirmed_at: string | null;
  last_step: ColumnType<number, number | undefined, number>;
  created_at: string;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
}

export interface InvoicingSettingsTable {
  id: number;
  /** JSON of InvoicingSettingsInput. */
  settings: string;
  updated_at: string;
  updated_by: number | null;
}

export interface AuthChallengesTable {
  id: Generated<number>;
  token_hash: string;
  kind: 'mfa' | 'passkey-login' | 'passkey-add' | 'totp-setup';
  user_id: number | null;
  expires_at: string;
}

export interface PasswordTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  purpose: 'reset' | 'set';
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface MailOutboxTable {
  id: Generated<number>;
  /** Unique when set: the same cause never queues the same mail twice. */
  dedupe_key: string | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
  /** JSON [{ filename, contentType, content (base64) }], or null: the files sent with the mail. */
  attachments: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ProductsTable {
  id: Generated<number>;
  /** Style reference, upper-case, unique when set. */
  reference: string | null;
  status: Generated<'published' | 'draft'>;
  /** Place in the collection, 0 first (ties by id). */
  position: Generated<number>;
  created_at: string;
  updated_at: string;
  /** 1: sold in its packs only (issue 34). */
  packs_only: Generated<number>;
  /** Quantities per colour and size are a multiple of it (1: any). */
  order_multiple: Generated<number>;
  /** Reference and titles folded for the search (lib/search.ts). */
  search_text: ColumnType<string, string | undefined, string>;
}

/** A named pack of a style: a size ratio (1 XS · 2 S · 2 M · 1 L). */
export interface ProductPacksTable {
  id: Generated<number>;
  product_id: number;
  position: number;
  name: string;
  /** JSON {"S": 1, "M": 2}. */
  sizes: string;
}

/** A tablet's order at the showroom, kept by its id (the Idempotency-Key) with the answer it got. */
export interface ShowroomSubmissionsTable {
  id: Generated<number>;
  key: string;
  taken_by: number | null;
  taken_by_name: string | null;
  retailer_id: number | null;
  application_id: number | null;
  status: 'made' | 'waiting' | 'refused';
  payload: string;
  signature: string;
  answer_status: number;
  answer: string;
  locale: 'fr' | 'en';
  taken_at: string;
  created_at: string;
  updated_at: string;
}

export interface ProductTranslationsTable {
  product_id: number;
  locale: 'fr' | 'en';
  title: string;
  description: string;
  mantra: string | null;
}

export interface VariantsTable {
  id: Generated<number>;
  product_id: number;
  position: number;
  color_code: string | null;
  image_url: string;
  /** JSON array of URLs. */
  image_gallery: string;
  price_cents: number;
  /** Recommended retail price incl. VAT, when the owner gives one. */
  retail_price_cents: number | null;
  /** Comma-separated, in size order. */
  sizes: string;
}

export interface VariantTranslationsTable {
  variant_id: number;
  locale: 'fr' | 'en';
  color_name: string;
}

export interface JournalSectionsTable {
  id: Generated<number>;
  slug: string;
  created_at: string;
  updated_at: string;
}

export interface JournalSectionTranslationsTable {
  section_id: number;
  locale: 'fr' | 'en';
  title: string;
  description: string | null;
}

export interface JournalPostsTable {
  id: Generated<number>;
  section_id: number;
  slug: string;
  published: number;
  cover_image_url: string | null;
  created_at: string;
  updated_at: string;
  /** Slug and titles folded for the search (lib/search.ts). */
  search_text: ColumnType<string, string | undefined, string>;
}

export interface JournalPostTranslationsTable {
  post_id: number;
  locale: 'fr' | 'en';
  title: string;
  content: string;
  cover_alt: string | null;
}

/** What the image pipeline knows of an upload (migration 008). */
export interface MediaTable {
  name: string;
  width: number;
  height: number;
  placeholder: string | null;
  avif_widths: string;
  created_at: string;
}

export interface RetailerApplicationsTable {
  id: Generated<number>;
  name: string;
  email: string;
  company: string | null;
  siret: string | null;
  phone: string | null;
  shop_type: string | null;
  message: string;
  catalog_opt_in: number;
  consent_at: string;
  locale: 'fr' | 'en';
  status: 'pending' | 'accepted';
  created_at: string;
  accepted_at: string | null;
  accepted_by: number | null;
  retailer_user_id: number | null;
  /** When the welcome mail carried the line sheet (catalogue opt-in honoured). */
  catalog_sent_at: string | null;
  /** Folded words a search finds it by (lib/search.ts; migration 021). */
  search_text: ColumnType<string, string | undefined, string>;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  message: string;
  locale: 'fr' | 'en';
  created_at: string;
  /** Name, e-mail and the message's start, folded for the search (lib/search.ts). */
  search_text: ColumnType<string, string | undefined, string>;
}

/** One row (id 1): the season's terms of trade. */
export interface WholesaleTermsTable {
  id: number;
  valid_until: string;
  opening_minimum_cents: number;
  reorder_minimum_cents: number;
  order_email: string;
  updated_at: string;
  updated_by: number | null;
}

export interface WholesaleTermTranslationsTable {
  terms_id: number;
  locale: 'fr' | 'en';
  season_name: string;
  payment_terms: string;
  delivery_window: string;
  shipping_notes: string;
}

export interface CompanyDetailsTable {
  user_id: number;
  company_name: string | null;
  siret: string | null;
  vat_number: string | null;
  billing_address: string | null;
  delivery_address: string | null;
  phone: string | null;
  updated_at: string;
  billing_line1: ColumnType<string | null, string | null | undefined, string | null>;
  billing_line2: ColumnType<string | null, string | null | undefined, string | null>;
  billing_postcode: ColumnType<string | null, string | null | undefined, string | null>;
  billing_town: ColumnType<string | null, string | null | undefined, string | null>;
  billing_country: ColumnType<string | null, string | null | undefined, string | null>;
  delivery_line1: ColumnType<string | null, string | null | undefined, string | null>;
  delivery_line2: ColumnType<string | null, string | null | undefined, string | null>;
  delivery_postcode: ColumnType<string | null, string | null | undefined, string | null>;
  delivery_town: ColumnType<string | null, string | null | undefined, string | null>;
  delivery_country: ColumnType<string | null, string | null | undefined, string | null>;
  siren: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 when a free-text address was moved into line 1 and awaits its postcode, town and country. */
  to_complete: ColumnType<number, number | undefined, number>;
  /** 0 when the owner turned payment reminders off for this retailer. */
  invoice_reminders: ColumnType<number, number | undefined, number>;
}

export interface InvoiceCountersTable {
  kind: string;
  year: number;
  last: number;
}

export interface InvoicesTable {
  id: Generated<number>;
  number: string;
  type: 'invoice' | 'creditNote';
  year: number;
  seq: number;
  order_id: number | null;
  invoiced_order_id: number | null;
  /** The shipment it bills (migration 024); one invoice per shipment. */
  shipment_id: ColumnType<number | null, number | null | undefined, number | null>;
  invoice_id: number | null;
  user_id: number | null;
  locale: 'fr' | 'en';
  issue_date: string;
  delivery_date: string | null;
  due_date: string | null;
  reason: string | null;
  /** JSON: the label's settings as they were at issue. */
  seller: string;
  /** JSON: the buyer's details as they were at issue. */
  buyer: string;
  /** JSON [{category, rate, baseCents, vatCents, exemption}]. */
  vat_breakdown: string;
  total_excl_cents: number;
  total_vat_cents: number;
  total_incl_cents: number;
  /** 'deposit': a deposit invoice (Factur-X 386, migration 029); else 'goods'. */
  purpose: ColumnType<'goods' | 'deposit', 'goods' | 'deposit' | undefined, 'goods' | 'deposit'>;
  /** What it deducts of a paid deposit, incl. VAT, and of that the VAT (BT-113). */
  prepaid_cents: ColumnType<number, number | undefined, number>;
  prepaid_vat_cents: ColumnType<number, number | undefined, number>;
  deposit_invoice_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Its currency and the rate of its day (units for one euro, × 1 000 000; migration 030). */
  currency: ColumnType<string, string | undefined, string>;
  rate_micro: ColumnType<number, number | undefined, number>;
  xml: string;
  pdf: Buffer;
  created_at: string;
  /** Folded words a search finds it by (lib/search.ts; migration 021). */
  search_text: ColumnType<string, string | undefined, string>;
}

export interface InvoiceLinesTable {
  id: Generated<number>;
  invoice_id: number;
  position: number;
  kind: 'goods' | 'shipping' | 'amount';
  order_line_id: number | null;
  credited_line_id: number | null;
  reference: string | null;
  product: string;
  colour: string | null;
  size: string | null;
  quantity: number;
  unit_price_cents: number;
  /** The price before the company's discount (issue 47); null when there was none. */
  list_price_cents: ColumnType<number | null, number | null | undefined, number | null>;
  vat_category: 'S' | 'K' | 'G';
  /** The rate as written on the invoice, e.g. "20" or "0". */
  vat_rate: string;
  total_cents: number;
}

export interface InvoicePaymentsTable {
  id: Generated<number>;
  invoice_id: number;
  paid_on: string;
  amount_cents: number;
  method: string;
  reference: string | null;
  recorded_at: string;
  recorded_by: number | null;
}

export interface InvoiceEventsTable {
  id: Generated<number>;
  invoice_id: number;
  kind: 'issued';
  created_at: string;
  delivered_at: string | null;
}

/** One piece (variant and size) for one mode and delivery window: the same piece in two windows is two lines. */
export interface OrderDraftLinesTable {
  id: Generated<number>;
  user_id: number;
  variant_id: number;
  size: string;
  quantity: number;
  position: number;
  /** atOnce or preBook; null: resolved when read (pre-book in an open season, else at-once). */
  mode: string | null;
  delivery_id: number | null;
  /** A line made by packs: the pack, and how many (`quantity` is the pieces of this size they make). */
  pack_id: ColumnType<number | null, number | null | undefined, number | null>;
  packs: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface OrderCountersTable {
  year: number;
  last: number;
}

export interface OrdersTable {
  id: Generated<number>;
  /** Human number, `2027-0042`: the year of the submit and its rank in that year. */
  number: string;
  /** The company that ordered (its first account's id, ADR 0022); null once erased. Was `user_id` (migration 033). */
  company_id: number | null;
  retailer_email: string;
  locale: 'fr' | 'en';
  status: 'submitted' | 'confirmed' | 'partlyShipped' | 'shipped' | 'cancelled';
  idempotency_key: string;
  /** The company's discount its prices were sent with, in hundredths of a percent (issue 47). */
  discount_bp: ColumnType<number, number | undefined, number>;
  /** Credit control (migration 028): null, or held in review ('pending') until accepted or refused; why in `review` (JSON). */
  review_state: ColumnType<
    'pending' | 'accepted' | 'refused' | null,
    'pending' | 'accepted' | 'refused' | null | undefined,
    'pending' | 'accepted' | 'refused' | null
  >;
  review: ColumnType<string | null, string | null | undefined, string | null>;
  note: string | null;
  /** JSON of the company details at submit time (an order keeps what it was sent with). */
  company: string;
  total_cents: number;
  pieces: number;
  ship_date: string | null;
  carrier: string | null;
  tracking: string | null;
  cancel_reason: string | null;
  created_at: string;
  updated_at: string;
  season_id: number | null;
  delivery_id: number | null;
  mode: Generated<'atOnce' | 'preBook'>;
  /** Orders of one submission share its idempotency key; 0 is the first. */
  submission_rank: Generated<number>;
  /** A shipping charge excl. VAT entered at shipping, for the invoice. */
  shipping_cents: ColumnType<number | null, number | null | undefined, number | null>;
  /** Where it was taken: the stockist's portal or the showroom (issue 34). */
  channel: Generated<'portal' | 'showroom'>;
  /** Who took it at the showroom (an agent or the owner), and their name then. */
  taken_by: ColumnType<number | null, number | null | undefined, number | null>;
  taken_by_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** Folded words a search finds it by (lib/search.ts; migration 021). */
  search_text: ColumnType<string, string | undefined, string>;
  /** When what is left of a partly shipped order follows (migration 024). */
  follow_date: ColumnType<string | null, string | null | undefined, string | null>;
  /** The door it goes to, and the person who placed it (migration 026). */
  door_id: ColumnType<number | null, number | null | undefined, number | null>;
  placed_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** The deposit asked when it was confirmed, in percent (migration 029); null: none. */
  deposit_pct: ColumnType<number | null, number | null | undefined, number | null>;
  /** Its currency and the rate of its day (units for one euro, × 1 000 000; migration 030). */
  currency: ColumnType<string, string | undefined, string>;
  rate_micro: ColumnType<number, number | undefined, number>;
  /** Its revision: 1 when sent, one more for each change that accepted a line (issue 57). */
  revision: Generated<number>;
}

/** A place of a retailer that receives goods, listed on "where to buy" when public (issue 46). */
export interface RetailerDoorsTable {
  id: Generated<number>;
  retailer_id: number;
  name: string;
  line1: string;
  line2: string | null;
  postcode: string;
  town: string;
  country: string;
  phone: string | null;
  hours: string | null;
  public: number;
  created_at: string;
  updated_at: string;
  removed_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The doors a buyer orders for. */
export interface DoorPeopleTable {
  door_id: number;
  user_id: number;
}

/** A parcel of an order (issue 45): `{order}-{seq}`. */
export interface ShipmentsTable {
  id: Generated<number>;
  order_id: number;
  seq: number;
  number: string;
  carrier: string | null;
  tracking: string | null;
  shipping_cents: number | null;
  shipped_at: string;
  shipped_by: number | null;
}

/** A shop's return of pieces of one parcel (issue 45): `{order}-R{seq}`. */
export interface ReturnsTable {
  id: Generated<number>;
  order_id: number;
  shipment_id: number;
  seq: number;
  number: string;
  user_id: number | null;
  status: 'requested' | 'accepted' | 'refused' | 'received';
  requested_at: string;
  decided_at: string | null;
  decided_by: number | null;
  instructions: string | null;
  refusal: string | null;
  received_at: string | null;
  received_by: number | null;
  credit_note_id: number | null;
  search_text: ColumnType<string, string | undefined, string>;
}

export interface ReturnLinesTable {
  id: Generated<number>;
  return_id: number;
  order_line_id: number;
  quantity: number;
  reason: 'faulty' | 'wrongPiece' | 'damaged' | 'other';
  note: string | null;
  accepted: number | null;
  received: number | null;
  /** 1: back to stock; 0: not resellable; null until received. */
  resellable: number | null;
}

export interface ReturnPhotosTable {
  id: Generated<number>;
  return_line_id: number;
  position: number;
  url: string;
}

export interface ShipmentLinesTable {
  id: Generated<number>;
  shipment_id: number;
  order_line_id: number;
  quantity: number;
}

export interface SeasonsTable {
  id: Generated<number>;
  code: string;
  orders_open: string;
  orders_close: string | null;
  valid_until: string | null;
  opening_minimum_cents: number;
  reorder_minimum_cents: number;
  order_email: string;
  created_at: string;
  updated_at: string;
  updated_by: number | null;
}

export interface SeasonTranslationsTable {
  season_id: number;
  locale: 'fr' | 'en';
  name: string;
  payment_terms: string;
  delivery_window: string;
  shipping_notes: string;
}

export interface SeasonDeliveriesTable {
  id: Generated<number>;
  season_id: number;
  position: number;
  starts_on: string;
  ends_on: string;
}

export interface SeasonDeliveryTranslationsTable {
  delivery_id: number;
  locale: 'fr' | 'en';
  name: string;
}

export interface ProductSeasonsTable {
  product_id: number;
  season_id: number;
}

export interface StockLevelsTable {
  variant_id: number;
  size: string;
  /** null: not sold from stock. */
  on_hand: number | null;
  /** Pieces held by submitted or confirmed at-once orders. */
  reserved: Generated<number>;
  updated_at: string;
}

export interface StockIncomingTable {
  id: Generated<number>;
  variant_id: number;
  size: string;
  quantity: number;
  available_from: string;
}

export interface StockMovementsTable {
  id: Generated<number>;
  variant_id: number;
  size: string;
  order_id: number | null;
  on_hand_delta: number;
  reserved_delta: number;
  reason: 'count' | 'import' | 'reserve' | 'release' | 'ship' | 'return';
  user_id: number | null;
  at: string;
}

export interface OrderLinesTable {
  id: Generated<number>;
  order_id: number;
  position: number;
  variant_id: number | null;
  product_id: number | null;
  /** JSON {fr, en}: frozen at submit, so a renamed product never changes an order. */
  product_title: string;
  /** JSON {fr, en}. */
  color_name: string;
  color_code: string | null;
  reference: string | null;
  size: string;
  quantity: number;
  unit_price_cents: number;
  /** The price before the company's discount (issue 47); null when there was none. */
  list_price_cents: ColumnType<number | null, number | null | undefined, number | null>;
  /** A line made by packs: the pack's name then, and how many packs. */
  pack_name: ColumnType<string | null, string | null | undefined, string | null>;
  packs: ColumnType<number | null, number | null | undefined, number | null>;
  /** Pieces of the line that left (in shipments), and that will not (the rest cancelled); migration 024. */
  shipped: ColumnType<number, number | undefined, number>;
  cancelled: ColumnType<number, number | undefined, number>;
  /** Pieces held on the shelf for this pre-order's line by an allocation (issue 58); they leave it when the line ships. */
  allocated: ColumnType<number, number | undefined, number>;
}

/** An allocation of a delivery window's pieces to its pre-orders (issue 58): its rule and what becomes of the rest. */
export interface AllocationsTable {
  id: Generated<number>;
  delivery_id: number;
  rule: 'arrival' | 'proportion' | 'priority';
  rest: 'follow' | 'cancel';
  follow_date: string | null;
  pieces: number;
  created_by: number | null;
  created_at: string;
}

/** What an allocation gave one line, against what the line still asked then. */
export interface AllocationLinesTable {
  id: Generated<number>;
  allocation_id: number;
  order_id: number;
  order_line_id: number;
  asked: number;
  gets: number;
}

/** A shop waiting for a sold-out size (issue 58), in its turn: waiting, offered, served, left or lapsed. */
export interface WaitlistEntriesTable {
  id: Generated<number>;
  company_id: number;
  person_id: number;
  variant_id: number;
  size: string;
  quantity: number;
  status: 'waiting' | 'offered' | 'served' | 'left' | 'lapsed';
  created_at: string;
  updated_at: string;
}

/** Pieces that came back, held for the first waiting shop until it confirms them or the time runs out. */
export interface WaitlistOffersTable {
  id: Generated<number>;
  entry_id: number;
  company_id: number;
  variant_id: number;
  size: string;
  quantity: number;
  status: 'open' | 'confirmed' | 'declined' | 'expired';
  expires_at: string;
  created_at: string;
  decided_at: string | null;
  order_id: number | null;
}

/** A change of a sent order (issue 57): asked by the shop or made by the label, decided line by line. */
export interface OrderChangesTable {
  id: Generated<number>;
  order_id: number;
  status: 'pending' | 'accepted' | 'partlyAccepted' | 'refused' | 'withdrawn';
  by_role: 'retailer' | 'brand';
  requested_by: number | null;
  message: string | null;
  requested_at: string;
  decided_at: string | null;
  decided_by: number | null;
  reason: string | null;
  /** The order's revision its accepted lines made. */
  revision: number | null;
}

/** One line of a change: an order line at a new quantity (0: removed), or a piece added (`line_id` null until accepted). */
export interface OrderChangeItemsTable {
  id: Generated<number>;
  change_id: number;
  position: number;
  line_id: number | null;
  variant_id: number | null;
  size: string;
  /** The piece's names as the line or the catalogue gave them (JSON of the languages), for the change as it was asked. */
  product_title: string;
  color_name: string;
  reference: string | null;
  /** A piece added: its style and colour, and its price at the order's terms when it was asked. */
  product_id: number | null;
  color_code: string | null;
  unit_price_cents: number | null;
  list_price_cents: number | null;
  before_quantity: number;
  quantity: number;
  decision: 'pending' | 'accepted' | 'refused';
  /** What the line does (migration 036): a quantity (0 removes the line), a piece added, a line moved to another delivery window, the order sent to another door. */
  kind: ColumnType<OrderChangeKind, OrderChangeKind | undefined, OrderChangeKind>;
  /** A move: the windows from and to; a door: the doors from and to; each named as when it was asked (JSON of the languages for a window). */
  before_delivery_id: ColumnType<number | null, number | null | undefined, number | null>;
  delivery_id: ColumnType<number | null, number | null | undefined, number | null>;
  before_door_id: ColumnType<number | null, number | null | undefined, number | null>;
  door_id: ColumnType<number | null, number | null | undefined, number | null>;
  from_label: ColumnType<string | null, string | null | undefined, string | null>;
  to_label: ColumnType<string | null, string | null | undefined, string | null>;
}

export type OrderChangeKind = 'quantity' | 'add' | 'delivery' | 'door';

/** An order the label drafts for a shop (issue 57, migration 037): open until sent, declined or past its date. */
export interface ProposalsTable {
  id: Generated<number>;
  company_id: number;
  door_id: number | null;
  status: 'open' | 'sent' | 'declined';
  expires_on: string;
  message: string | null;
  created_by: number | null;
  created_at: string;
  decided_at: string | null;
  decided_by: number | null;
  /** The first order it became when sent. */
  order_id: number | null;
  /** Folded words a search finds it by (the shop's name). */
  search_text: ColumnType<string, string | undefined, string>;
}

/** A proposal's line, as a draft's: the piece, its quantity, at once or for a delivery window. */
export interface ProposalLinesTable {
  id: Generated<number>;
  proposal_id: number;
  position: number;
  variant_id: number;
  size: string;
  quantity: number;
  mode: string | null;
  delivery_id: number | null;
}

export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  status: 'submitted' | 'confirmed' | 'partlyShipped' | 'shipped' | 'cancelled';
  by_role: 'retailer' | 'brand';
  note: string | null;
  at: string;
}

export interface PageTextsTable {
  page: 'home' | 'story' | 'faq' | 'retailers';
  /** JSON: the page's texts in both languages (contract/src/pages.ts). */
  content: string;
  version: number;
  updated_at: string;
  updated_by: string | null;
}

export interface RetailerListingsTable {
  id: Generated<number>;
  user_id: number;
  listed: number;
  hidden: number;
  name: string;
  address: string;
  postcode: string;
  city: string;
  country: string;
  website: string;
  instagram: string;
  description_fr: string;
  description_en: string;
  logo_url: string | null;
  created_at: string;
  updated_at: string;
}

export interface ApiKeysTable {
  id: Generated<number>;
  name: string;
  access: 'read' | 'write';
  prefix: string;
  /** SHA-256 of the key (256 random bits): the key itself is shown once and never kept. */
  key_hash: string;
  created_at: string;
  created_by: number | null;
  last_used_at: string | null;
  revoked_at: string | null;
  /** A shop's own key (issue 60: its till reads the product feed): the shop's company; null: the owner's. */
  company_id: number | null;
}

export interface AgentsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** Hundredths of a percent (750 = 7.5 %); null: none agreed. */
  commission_bp: number | null;
  invited_at: string;
  created_at: string;
  created_by: number | null;
}

export interface EinvoicingPlatformTable {
  /** Always 1: one platform. */
  id: number;
  enabled: number;
  url: string;
  token_url: string;
  client_id: string;
  /** The client secret or API key: used for every call, never in an answer. */
  secret: string;
  send_cashed: number;
  enabled_at: string | null;
  updated_at: string;
  updated_by: number | null;
}

export interface InvoiceSubmissionsTable {
  id: Generated<number>;
  invoice_id: number;
  status: 'pending' | 'submitted' | 'rejected' | 'refused' | 'paid';
  flow_id: string | null;
  reason: string | null;
  attempts: number;
  next_attempt_at: string | null;
  locked_until: string | null;
  submitted_at: string | null;
  cashed_at: string | null;
  seen: string;
  checked_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookEndpointsTable {
  id: Generated<number>;
  url: string;
  description: string;
  /** JSON array of event names (contract WEBHOOK_EVENTS). */
  events: string;
  enabled: number;
  disabled_reason: string | null;
  /** `whsec_…`: kept as is, since every delivery is signed with it. Never in an answer after the first. */
  secret: string;
  previous_secret: string | null;
  previous_secret_until: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookEventsTable {
  id: Generated<number>;
  /** `msg_…`: the `webhook-id` header, the same for every try. */
  message_id: string;
  type: string;
  /** The exact bytes every try sends (and signs). */
  body: string;
  created_at: string;
}

/** What happened, recorded in the transaction that did it (issue 56, ADR 0026). */
export interface DomainEventsTable {
  id: Generated<number>;
  type: string;
  /** The row it is about (a shipment's id for `shipment.created`), for "is it done yet?" questions. */
  subject_id: number | null;
  /** JSON: what the listeners need, as the use case saw it. */
  payload: string;
  /** JSON: the subject as the owner's API showed it at the change, when a listener reads it (the webhooks); else null. */
  view: string | null;
  created_at: string;
}

/** One listener's run of one event: pending until done in a transaction of its own (the outbox of the listeners). */
export interface EventRunsTable {
  id: Generated<number>;
  event_id: number;
  listener: string;
  status: 'pending' | 'done' | 'failed';
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  done_at: string | null;
  created_at: string;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  event_id: number;
  endpoint_id: number;
  status: 'pending' | 'delivered' | 'failed' | 'stopped';
  attempts: number;
  next_attempt_at: string | null;
  locked_until: string | null;
  delivered_at: string | null;
  created_at: string;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  attempt: number;
  at: string;
  response_status: number | null;
  duration_ms: number;
  error: string | null;
}

export interface ActivityLogTable {
  id: Generated<number>;
  created_at: string;
  user_id: number | null;
  user_email: string | null;
  kind: string;
  action: string;
  subject: string;
  subject_id: string | null;
  /** JSON object or null. */
  detail: string | null;
}

/** A company's own terms (issue 47, migration 027); null: the label's. */
export interface CompanyTermsTable {
  company_id: number;
  payment_days: number | null;
  end_of_month: number | null;
  /** Hundredths of a percent (500 = 5 %). */
  discount_bp: number;
  opening_minimum_cents: number | null;
  reorder_minimum_cents: number | null;
  /** Its credit limit (migration 028); null: none. */
  credit_limit_cents: ColumnType<number | null, number | null | undefined, number | null>;
  /** A deposit in percent of its pre-orders (migration 029); null: none. */
  deposit_pct: ColumnType<number | null, number | null | undefined, number | null>;
  /** 1: its parcels wait until the deposit is paid. */
  deposit_hold: ColumnType<number | null, number | null | undefined, number | null>;
  /** The currency it buys in (migration 030); null: the euro. */
  currency: ColumnType<string | null, string | null | undefined, string | null>;
  /** Its turn when short production is allocated "by priority" (migration 038): 1 first … 5 last; null: 3. */
  priority: ColumnType<number | null, number | null | undefined, number | null>;
  updated_at: string;
}

/** A currency's price list (issue 47): a rate and a rounding step derive its prices from the euro ones. */
export interface PriceListsTable {
  currency: string;
  rate_micro: number | null;
  rounding_cents: ColumnType<number, number | undefined, number>;
  updated_at: string;
}

/** A style's own prices in a currency, typed by the owner. */
export interface PriceListStylesTable {
  currency: string;
  product_id: number;
  price_cents: number;
  retail_cents: number | null;
}

/** A currency's rate for a day: typed by the owner or imported from the ECB. */
export interface ExchangeRatesTable {
  id: Generated<number>;
  currency: string;
  day: string;
  rate_micro: number;
  source: 'owner' | 'ecb';
}

/** Issue 59 (migration 039): the bank area's tables. */
export interface BankStatementsTable {
  id: Generated<number>;
  format: string;
  file_name: string;
  statement_ref: string | null;
  from_date: string | null;
  to_date: string | null;
  entries: number;
  sha256: string;
  file: Buffer;
  imported_at: string;
  imported_by: number | null;
}
export interface BankEntriesTable {
  id: Generated<number>;
  statement_id: number;
  bank_ref: string;
  booking_date: string;
  amount_cents: number;
  credit: number;
  payer: string | null;
  iban: string | null;
  text: string;
  end_to_end: string | null;
  status: 'matched' | 'unmatched' | 'ignored' | 'returned' | 'debit';
  note: string | null;
  matched_at: string | null;
  matched_by: number | null;
}
export interface BankEntryPaymentsTable {
  id: Generated<number>;
  entry_id: number;
  payment_id: number;
  invoice_id: number;
  amount_cents: number;
}
export interface PayerAccountsTable {
  iban: string;
  company_id: number;
  seen_at: string;
}
export interface BankSettingsTable {
  id: number;
  csv_columns: string | null;
  updated_at: string;
}
export interface SepaMandatesTable {
  id: Generated<number>;
  company_id: number;
  rum: string;
  iban: string;
  bic: string;
  signed_on: string;
  recurring: number;
  notice_days: number;
  status: 'active' | 'revoked' | 'used';
  first_collected_on: string | null;
  pdf: Buffer | null;
  created_at: string;
  created_by: number | null;
}
export interface DebitCollectionsTable {
  id: Generated<number>;
  message_id: string;
  due_by: string;
  collect_on: string;
  invoices: number;
  total_cents: number;
  created_at: string;
  created_by: number | null;
}
export interface DebitItemsTable {
  id: Generated<number>;
  collection_id: number;
  invoice_id: number;
  company_id: number;
  mandate_id: number;
  sequence: 'FRST' | 'RCUR' | 'OOFF';
  amount_cents: number;
  end_to_end: string;
  payment_id: number | null;
  status: 'collected' | 'returned';
  return_reason: string | null;
}
export interface PaymentReturnsTable {
  id: Generated<number>;
  payment_id: number;
  invoice_id: number;
  amount_cents: number;
  paid_on: string;
  reference: string | null;
  reason: string;
  returned_on: string;
  entry_id: number | null;
  created_by: number | null;
}

/** Issue 60 (migration 040): the barcodes area's tables. */
export interface BarcodeSettingsTable {
  id: number;
  prefix: string;
  next_item: number;
  updated_at: string;
  /** 1: each size's code is in the public product page's structured data (the owner's choice, ADR 0033). */
  publish_codes: Generated<number>;
}
export interface BarcodesTable {
  id: Generated<number>;
  variant_id: number;
  size: string;
  gtin: string;
  source: 'assigned' | 'imported';
  created_at: string;
}

export interface Database {
  price_lists: PriceListsTable;
  price_list_styles: PriceListStylesTable;
  exchange_rates: ExchangeRatesTable;
  company_terms: CompanyTermsTable;
  retailer_doors: RetailerDoorsTable;
  door_people: DoorPeopleTable;
  media: MediaTable;
  page_texts: PageTextsTable;
  retailer_listings: RetailerListingsTable;
  activity_log: ActivityLogTable;
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  passkeys: PasskeysTable;
  totp_factors: TotpFactorsTable;
  recovery_codes: RecoveryCodesTable;
  auth_challenges: AuthChallengesTable;
  invoicing_settings: InvoicingSettingsTable;
  password_tokens: PasswordTokensTable;
  mail_outbox: MailOutboxTable;
  products: ProductsTable;
  product_packs: ProductPacksTable;
  showroom_submissions: ShowroomSubmissionsTable;
  product_translations: ProductTranslationsTable;
  variants: VariantsTable;
  variant_translations: VariantTranslationsTable;
  journal_sections: JournalSectionsTable;
  journal_section_translations: JournalSectionTranslationsTable;
  journal_posts: JournalPostsTable;
  journal_post_translations: JournalPostTranslationsTable;
  retailer_applications: RetailerApplicationsTable;
  contact_messages: ContactMessagesTable;
  wholesale_terms: WholesaleTermsTable;
  wholesale_term_translations: WholesaleTermTranslationsTable;
  company_details: CompanyDetailsTable;
  order_draft_lines: OrderDraftLinesTable;
  order_counters: OrderCountersTable;
  orders: OrdersTable;
  order_changes: OrderChangesTable;
  order_change_items: OrderChangeItemsTable;
  proposals: ProposalsTable;
  proposal_lines: ProposalLinesTable;
  order_lines: OrderLinesTable;
  allocations: AllocationsTable;
  allocation_lines: AllocationLinesTable;
  waitlist_entries: WaitlistEntriesTable;
  waitlist_offers: WaitlistOffersTable;
  bank_statements: BankStatementsTable;
  bank_entries: BankEntriesTable;
  bank_entry_payments: BankEntryPaymentsTable;
  payer_accounts: PayerAccountsTable;
  bank_settings: BankSettingsTable;
  sepa_mandates: SepaMandatesTable;
  debit_collections: DebitCollectionsTable;
  debit_items: DebitItemsTable;
  payment_returns: PaymentReturnsTable;
  barcode_settings: BarcodeSettingsTable;
  barcodes: BarcodesTable;
  shipments: ShipmentsTable;
  shipment_lines: ShipmentLinesTable;
  returns: ReturnsTable;
  return_lines: ReturnLinesTable;
  return_photos: ReturnPhotosTable;
  order_events: OrderEventsTable;
  seasons: SeasonsTable;
  season_translations: SeasonTranslationsTable;
  season_deliveries: SeasonDeliveriesTable;
  season_delivery_translations: SeasonDeliveryTranslationsTable;
  product_seasons: ProductSeasonsTable;
  stock_levels: StockLevelsTable;
  api_keys: ApiKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  einvoicing_platform: EinvoicingPlatformTable;
  agents: AgentsTable;
  invoice_submissions: InvoiceSubmissionsTable;
  webhook_events: WebhookEventsTable;
  domain_events: DomainEventsTable;
  event_runs: EventRunsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  stock_incoming: StockIncomingTable;
  stock_movements: StockMovementsTable;
  invoice_counters: InvoiceCountersTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  invoice_payments: InvoicePaymentsTable;
  invoice_events: InvoiceEventsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type MailRow = Selectable<MailOutboxTable>;
