import type { CompaniesService } from '../companies/service.ts';
import { exportBatches } from './export.ts';
import { OrderRecords } from './records.ts';
import { OrderDrafts } from './draft.ts';
import { OrderSubmission } from './submit.ts';
import { OrderLifecycle } from './lifecycle.ts';
import { OrderShipments } from './shipments.ts';
import { OrderFulfilment } from './fulfilment.ts';
import { OrderChanges } from './changes.ts';
import { OrderProposals } from './proposals.ts';
import { OrderAllocation } from './allocation.ts';
export { expandEntry, placeLine, placementKey, sellingProblem, type LinePack, type Placed } from './placement.ts';
import type { OrdersContext } from './context.ts';
import type { Actor } from '../../lib/actor.ts';
import type { CompanyRole, Locale } from '@atelier/contract';
import type { OrderScope } from '../companies/scope.ts';

/** The current minute: a kept answer that depends on the time of day is read again each minute. */
const minute = () => Math.floor(Date.now() / 60_000);

/**
 * Wholesale orders, in five parts: the draft (draft.ts), the submit (submit.ts), what happens after
 * (lifecycle.ts), the parcels it ships in (shipments.ts) and how an order is read and told (records.ts). This is the area's one face.
 */
export class OrdersService {
  readonly records: OrderRecords;
  readonly drafts: OrderDrafts;
  readonly submission: OrderSubmission;
  readonly lifecycle: OrderLifecycle;
  readonly shipments: OrderShipments;
  readonly fulfilment: OrderFulfilment;
  /** A sent order's changes (issue 57): the shop's requests, the label's decisions and own changes. */
  readonly changes: OrderChanges;
  /** A delivery window's short production shared out among its pre-orders (issue 58). */
  readonly allocation: OrderAllocation;
  /** Orders the label writes for a shop, which the shop sends or declines (issue 57). */
  readonly proposals: OrderProposals;
  private readonly companies: CompaniesService;
  private readonly db: OrdersContext['db'];
  private readonly prepareDocuments: OrdersContext['prepareDocuments'];
  private readonly reads: OrdersContext['reads'];

  constructor(context: OrdersContext) {
    this.records = new OrderRecords(context);
    this.drafts = new OrderDrafts(context, this.records);
    this.submission = new OrderSubmission(context, this.drafts, this.records);
    this.shipments = new OrderShipments(context, this.records);
    this.lifecycle = new OrderLifecycle(context, this.records, this.shipments);
    this.allocation = new OrderAllocation(context);
    this.fulfilment = new OrderFulfilment(context, { shipments: this.shipments, allocation: this.allocation, lifecycle: this.lifecycle });
    this.changes = new OrderChanges(context, this.records, this.drafts);
    this.proposals = new OrderProposals(context, { drafts: this.drafts, submission: this.submission, records: this.records });
    this.companies = context.companies;
    this.db = context.db;
    this.prepareDocuments = context.prepareDocuments;
    this.reads = context.reads;
  }

  /** What a person of a company sees of its orders (issue 46): every door, or a buyer's doors. */
  async scopeFor(personId: number, company: { id: number; role: CompanyRole }): Promise<OrderScope> {
    return this.companies.scopeFor(personId, company);
  }

  draft: OrderDrafts['draft'] = (...args) => this.drafts.draft(...args);
  replaceDraft: OrderDrafts['replaceDraft'] = (...args) => this.drafts.replaceDraft(...args);
  publicDraft: OrderDrafts['publicDraft'] = (...args) => this.drafts.publicDraft(...args);
  availability: OrderDrafts['availability'] = (...args) => this.drafts.availability(...args);
  reorder: OrderDrafts['reorder'] = (...args) => this.drafts.reorder(...args);
  submit: OrderSubmission['submit'] = (...args) => this.submission.submit(...args);
  get: OrderRecords['get'] = (...args) => this.records.get(...args);
  list: OrderRecords['list'] = (...args) => this.records.list(...args);
  /**
   * What a shop's screens read most (issue 61): an order, a page of its orders, a product's availability. Each is
   * kept until a table it was read from changes (db/read-cache.ts); the key holds the rest it depends on (the
   * person's scope, the language, the minute: what is orderable depends on the day). Given to be sent as it is.
   */
  forShop = (id: number, lang: Locale, scope: OrderScope) =>
    this.reads.read(`order:${id}:${lang}:${JSON.stringify(scope)}:${minute()}`, () => this.records.get(id, lang, scope));
  listForShop: OrderRecords['list'] = (filter, paging, lang) =>
    this.reads.read(`orders:${JSON.stringify([filter, paging, lang])}:${minute()}`, () => this.records.list(filter, paging, lang));
  availabilityFor: OrderDrafts['availability'] = (productId, lang) =>
    this.reads.read(`availability:${productId}:${lang}:${minute()}`, () => this.drafts.availability(productId, lang));
  /**
   * One order as the owner opens it, to confirm or ship it: when it has pieces left to ship, the thread that
   * draws a parcel's invoice and delivery note starts while she reads, so her first parcel does not wait for it.
   */
  forOwner = async (id: number, lang: Locale) => {
    const order = await this.records.get(id, lang);
    if (order && (order.status === 'confirmed' || order.status === 'partlyShipped')) this.prepareDocuments();
    return order;
  };
  /** Every order of a period with its lines, 200 at a time (the CSV export). */
  exportBatches = (filter: { from: string; to: string }, lang: Locale) => exportBatches(this.db, filter, lang);
  homeCounts: OrderRecords['homeCounts'] = (...args) => this.records.homeCounts(...args);
  confirm: OrderLifecycle['confirm'] = (...args) => this.lifecycle.confirm(...args);
  review: OrderLifecycle['review'] = (...args) => this.lifecycle.review(...args);
  /** "Mark as shipped": one parcel of all that is left (issue 45). */
  ship = (id: number, input: { carrier?: string | undefined; tracking?: string | undefined; shipping?: number | undefined }, actor: Actor, lang: Locale) =>
    this.shipments.ship(id, { carrier: input.carrier, tracking: input.tracking, shippingCharge: input.shipping }, actor, lang);
  shipPart: OrderShipments['ship'] = (...args) => this.shipments.ship(...args);
  cancelRest: OrderShipments['cancelRest'] = (...args) => this.shipments.cancelRest(...args);
  setFollowDate: OrderShipments['setFollowDate'] = (...args) => this.shipments.setFollowDate(...args);
  deliveryNote: OrderShipments['deliveryNote'] = (...args) => this.shipments.deliveryNote(...args);
  pickList: OrderFulfilment['pickList'] = (...args) => this.fulfilment.pickList(...args);
  shipBulk: OrderFulfilment['shipBulk'] = (...args) => this.fulfilment.shipBulk(...args);
  cancel: OrderLifecycle['cancel'] = (...args) => this.lifecycle.cancel(...args);
}
