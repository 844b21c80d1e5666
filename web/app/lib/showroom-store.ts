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
  stockistId: number | null;
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
  async removeOrder(id: string) {
    await (await open()).delete('orders', id);
  },
  async draft(account: string) {
    return (await (await open()).get('drafts', account))?.order ?? null;
  },
  async saveDraft(account: string, order: Partial<TakenOrder>) {
    await (await open()).put('drafts', { account, order });
  },
  async clearDraft(account: string) {
    await (await open()).delete('drafts', account);
  },
};
