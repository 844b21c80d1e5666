// The showroom app's storage on the tablet (issue 34): IndexedDB, through the `idb` library.
// - `snapshots`: the last snapshot of each account (keyed by the account's e-mail): another account
//   never reads it.
// - `orders`: every order taken, saved at once (a reload, a closed tab or a flat battery loses
//   nothing saved), with its state in the queue; `draft`: the order being typed.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ShowroomAnswer, ShowroomLineInput, ShowroomRefusal, ShowroomSnapshot, NewShopInput } from '@atelier/contract';

export type QueueState = 'waiting' | 'sent' | 'approval' | 'refused';

export interface TakenOrder {
  /** Made on the tablet: the Idempotency-Key. */
  id: string;
  account: string;
  /** The retailer chosen (`stockistId`: the word kept on tablets and in the API, ADR 0013). */
  stockistId: number | null;
  /** The company's door the order goes to (issue 46): null when it has one (the server takes it), or for a new shop. */
  doorId?: number | null;
  newShop: NewShopInput | null;
  shopName: string;
  lines: ShowroomLineInput[];
  note: string;
  signature: string;
  takenAt: string;
  state: QueueState;
  answer: ShowroomAnswer | null;
  reasons: ShowroomRefusal['reasons'];
}

interface ShowroomDb extends DBSchema {
  snapshots: { key: string; value: { account: string; snapshot: ShowroomSnapshot; syncedAt: string } };
  orders: { key: string; value: TakenOrder; indexes: { account: string } };
  drafts: { key: string; value: { account: string; order: Partial<TakenOrder> } };
}

let db: Promise<IDBPDatabase<ShowroomDb>> | null = null;
function open() {
  db ??= openDB<ShowroomDb>('atelier-showroom', 1, {
    upgrade(database) {
      database.createObjectStore('snapshots', { keyPath: 'account' });
      database.createObjectStore('orders', { keyPath: 'id' }).createIndex('account', 'account');
      database.createObjectStore('drafts', { keyPath: 'account' });
    },
  });
  return db;
}

export const store = {
  async snapshot(account: string) {
    return (await open()).get('snapshots', account);
  },
  async saveSnapshot(account: string, snapshot: ShowroomSnapshot) {
    await (await open()).put('snapshots', { account, snapshot, syncedAt: new Date().toISOString() });
  },
  async orders(account: string): Promise<TakenOrder[]> {
    const all = await (await open()).getAllFromIndex('orders', 'account', account);
    return all.sort((a, b) => b.takenAt.localeCompare(a.takenAt));
  },
  async saveOrder(order: TakenOrder) {
    await (await open()).put('orders', order);
  },
  /** The order being typed, unless it has already been saved into the queue (then it is gone). */
  async draft(account: string) {
    const tx = (await open()).transaction(['drafts', 'orders'], 'readwrite');
    const order = (await tx.objectStore('drafts').get(account))?.order ?? null;
    const taken = order?.id ? await tx.objectStore('orders').get(order.id) : undefined;
    if (taken) await tx.objectStore('drafts').delete(account);
    await tx.done;
    return taken ? null : order;
  },
  /** Kept at each change; a late write of an order already in the queue is dropped, so a reload
   *  never brings a taken order back to be taken twice. */
  async saveDraft(account: string, order: Partial<TakenOrder>) {
    const tx = (await open()).transaction(['drafts', 'orders'], 'readwrite');
    if (!order.id || !(await tx.objectStore('orders').get(order.id))) await tx.objectStore('drafts').put({ account, order });
    await tx.done;
  },
  /** The order saved into the queue and the draft cleared, in one transaction. */
  async take(order: TakenOrder) {
    const tx = (await open()).transaction(['drafts', 'orders'], 'readwrite');
    await Promise.all([tx.objectStore('orders').put(order), tx.objectStore('drafts').delete(order.account), tx.done]);
  },
  /** A refused order taken back out of the queue to be mended: it becomes the draft in the same
   *  transaction, so a reload at that moment finds it in one place or the other, never in neither. */
  async mend(order: TakenOrder) {
    const tx = (await open()).transaction(['drafts', 'orders'], 'readwrite');
    const { id, stockistId, newShop, lines, note, signature } = order;
    await Promise.all([
      tx.objectStore('orders').delete(id),
      tx.objectStore('drafts').put({ account: order.account, order: { id, stockistId, newShop, lines, note, signature } }),
      tx.done,
    ]);
  },
};
