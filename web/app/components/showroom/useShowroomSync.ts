import { useCallback, useEffect, useRef, useState } from 'react';
import type { Locale, ShowroomAnswer, ShowroomRefusal, ShowroomSnapshot } from '@atelier/contract';
import { ApiError } from '../../lib/api.ts';
import type { useSession } from '../../lib/session.tsx';
import { store, type TakenOrder } from '../../lib/showroom-store.ts';

type Api = ReturnType<typeof useSession>['api'];

/** Whether the tablet has a network, kept up to date; the showroom's service worker registered for the build. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(true);
  useEffect(() => {
    setOnline(navigator.onLine);
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    // The site's build version names the worker: a new build installs a new one (see showroom-sw.js).
    const build = (window as unknown as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version ?? 'dev';
    if ('serviceWorker' in navigator)
      navigator.serviceWorker.register(`/showroom-sw.js?v=${encodeURIComponent(build)}`, { scope: '/showroom' }).catch(() => undefined);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/**
 * The showroom's worker once it is active, or null when there is none (no support, or it failed). Asked of
 * the registration for /showroom, not `navigator.serviceWorker.ready`: a tablet that signed in on /login
 * came to /showroom without a new page, which the worker does not control, and there (Chromium 156) `ready`
 * never settled: the app's files were never kept, and the app could not start offline.
 */
async function activeWorker(): Promise<ServiceWorker | null> {
  if (!('serviceWorker' in navigator)) return null;
  for (let tries = 0; tries < 50; tries += 1) {
    const registration = await navigator.serviceWorker.getRegistration('/showroom');
    if (registration?.active) return registration.active;
    const coming = registration?.installing ?? registration?.waiting;
    if (coming) {
      await new Promise<void>((resolve) => {
        const changed = () => {
          if (coming.state !== 'activated' && coming.state !== 'redundant') return;
          coming.removeEventListener('statechange', changed);
          resolve();
        };
        coming.addEventListener('statechange', changed);
        changed();
      });
      continue;
    }
    // Not registered yet (useOnline registers it as the page starts).
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return null;
}

/** Sends what waits in the queue (each order once, by its id), then asks where a new shop's orders stand. */
async function sendWaiting(account: string, api: Api, lang: Locale): Promise<void> {
  for (const order of await store.orders(account)) {
    if (order.state !== 'waiting') continue;
    const body = {
      ...(order.stockistId !== null ? { stockistId: order.stockistId, ...(order.doorId ? { doorId: order.doorId } : {}) } : { newShop: order.newShop! }),
      lines: order.lines,
      note: order.note || undefined,
      signature: order.signature,
      takenAt: order.takenAt,
    };
    try {
      const answer = await api('POST /showroom/orders', { body, headers: { 'Idempotency-Key': order.id }, lang });
      await store.saveOrder({ ...order, state: answer.status === 'made' ? 'sent' : 'approval', answer, reasons: [] });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && Array.isArray(error.body.reasons)) {
        await store.saveOrder({ ...order, state: 'refused', reasons: error.body.reasons as TakenOrder['reasons'] });
      } else if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        await store.saveOrder({ ...order, state: 'refused', reasons: [{ line: null, reason: 'notOrderable', message: error.message }] });
      } else break; // no network: tried again when it returns
    }
  }
  // A new shop's orders wait for the owner's approval: where each stands now (made, or refused with reasons).
  for (const order of await store.orders(account)) {
    if (order.state !== 'approval' || !navigator.onLine) continue;
    try {
      const { status, answer } = await api('GET /showroom/orders/:key', { params: { key: order.id }, lang });
      const told = (answer ?? {}) as Partial<ShowroomAnswer & ShowroomRefusal>;
      if (status === 201 && Array.isArray(told.orders)) await store.saveOrder({ ...order, state: 'sent', answer: told as ShowroomAnswer, reasons: [] });
      else if (status === 422 && Array.isArray(told.reasons)) await store.saveOrder({ ...order, state: 'refused', reasons: told.reasons });
    } catch {
      break; // asked again at the next sync
    }
  }
}

/**
 * The tablet's side of the showroom: the snapshot it keeps (synced when asked and whenever the
 * network returns, its app and pictures cached by the service worker), and the queue of orders
 * taken, sent as soon as there is a network.
 */
export function useShowroomSync({ account, allowed, online, api, lang }: { account: string; allowed: boolean; online: boolean; api: Api; lang: Locale }) {
  const [snapshot, setSnapshot] = useState<ShowroomSnapshot | null>(null);
  const [syncedAt, setSyncedAt] = useState<string | null>(null);
  const [syncState, setSyncState] = useState<'idle' | 'syncing' | 'failed'>('idle');
  const [queue, setQueue] = useState<TakenOrder[]>([]);

  const sync = useCallback(
    async (season?: string) => {
      if (!account) return;
      setSyncState('syncing');
      try {
        const code = season ?? snapshot?.season?.code;
        const next = await api('GET /showroom/snapshot', { query: code ? { season: code } : {}, lang });
        await store.saveSnapshot(account, next);
        setSnapshot(next);
        setSyncedAt(new Date().toISOString());
        setSyncState('idle');
        // The app's own files and the season's pictures, kept by the service worker for offline use.
        const own = performance
          .getEntriesByType('resource')
          .map((e) => new URL(e.name))
          .filter((u) => u.origin === location.origin && u.pathname.split('/')[1] !== 'api')
          .map((u) => u.pathname + u.search);
        const pictures = next.styles.flatMap((s) => s.variants.map((v) => v.image).filter((i): i is string => !!i && i.startsWith('/')));
        (await activeWorker())?.postMessage({ type: 'cache', urls: [...new Set(['/showroom', ...own, ...pictures])] });
      } catch {
        setSyncState('failed');
      }
    },
    [account, api, lang, snapshot?.season],
  );

  const sending = useRef(false);
  const sendQueue = useCallback(async () => {
    if (!account || sending.current || !navigator.onLine) return;
    sending.current = true;
    try {
      await sendWaiting(account, api, lang);
    } finally {
      sending.current = false;
      setQueue(await store.orders(account));
    }
  }, [account, api, lang]);

  // At start and whenever the network returns: sync, then send what waits.
  useEffect(() => {
    if (!account || !allowed || !online) return;
    void sync().then(sendQueue);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [account, allowed, online]);

  /** What the tablet kept for the account, read back at start. */
  const restore = useCallback(async () => {
    const kept = await store.snapshot(account);
    if (kept) {
      setSnapshot(kept.snapshot);
      setSyncedAt(kept.syncedAt);
    }
    setQueue(await store.orders(account));
  }, [account]);

  const refreshQueue = useCallback(async () => setQueue(await store.orders(account)), [account]);

  return { snapshot, syncedAt, syncState, queue, sync, sendQueue, restore, refreshQueue };
}
