import { useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { ShowroomSnapshot } from '@atelier/contract';
import type { Route } from './+types/showroom';
import { useTranslation } from '../i18n/react.tsx';
import { pageMeta, type RootData } from '../lib/meta.ts';
import { useSession } from '../lib/session.tsx';
import { store, type TakenOrder } from '../lib/showroom-store.ts';
import { quantitiesOf, totalsOf } from '../components/showroom/lines.ts';
import { OrderForm, type OrderDraft } from '../components/showroom/OrderForm.tsx';
import { OrderQueue } from '../components/showroom/OrderQueue.tsx';
import { ShowroomBar } from '../components/showroom/ShowroomBar.tsx';
import { useOnline, useShowroomSync } from '../components/showroom/useShowroomSync.ts';
import { EMPTY_DRAFT, useOrderDraft } from '../components/showroom/useOrderDraft.ts';
import showroomStyles from './showroom.css?url';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'admin.showroom.title', noindex: true });
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: showroomStyles },
  { rel: 'manifest', href: '/showroom.webmanifest' },
  { rel: 'apple-touch-icon', href: '/showroom-192.png' },
];

/** The order kept on the tablet until it is sent: the shop (known, or new), its lines, note and signature. */
function takenOrder(
  { retailerId, doorId, newShop, note }: OrderDraft,
  signature: string,
  { id, account, lines, snapshot }: { id: string; account: string; lines: TakenOrder['lines']; snapshot: ShowroomSnapshot | null },
): TakenOrder {
  const stockist = snapshot?.stockists.find((s) => s.id === retailerId);
  const door = stockist?.doors?.find((d) => d.id === doorId);
  const shopName = (stockist && (door ? `${stockist.name} · ${door.name}` : stockist.name)) ?? newShop?.companyName ?? '';
  const base = {
    id,
    account,
    stockistId: retailerId,
    doorId: retailerId === null ? null : doorId,
    newShop: retailerId === null ? newShop : null,
    shopName,
    lines,
    note,
    signature,
  };
  return { ...base, takenAt: new Date().toISOString(), state: 'waiting', answer: null, reasons: [] };
}

/** Who may not use the app: a signed-out agent (who signs in, when online), or an account that is not an agent's. */
function Closed({ signedIn, online }: { signedIn: boolean; online: boolean }) {
  const { t } = useTranslation();
  return (
    <main className="showroom page" id="main">
      <h1>{t('admin.showroom.title')}</h1>
      <p>{!signedIn ? online ? <a href="/login">{t('admin.showroom.signIn')}</a> : t('admin.showroom.signedOutOffline') : t('admin.showroom.notForYou')}</p>
    </main>
  );
}

/** The order being taken, and the queue of those taken (with how many wait to be sent). */
function ShowroomTabs({ tab, setTab, waiting }: { tab: 'order' | 'queue'; setTab: (tab: 'order' | 'queue') => void; waiting: number }) {
  const { t } = useTranslation();
  return (
    <div className="showroom__tabs" role="tablist" aria-label={t('admin.showroom.title')}>
      <button type="button" role="tab" aria-selected={tab === 'order'} onClick={() => setTab('order')}>
        {t('admin.showroom.newOrder')}
      </button>
      <button type="button" role="tab" aria-selected={tab === 'queue'} onClick={() => setTab('queue')}>
        {t('admin.showroom.queue', { count: waiting })}
      </button>
    </div>
  );
}

/**
 * `/showroom`: the sales agents' tablet app (issue 34). Works offline on the snapshot it keeps;
 * orders are taken on the tablet, signed, queued and sent when there is a network.
 */
export default function Showroom() {
  const { t } = useTranslation();
  const data = useRouteLoaderData<RootData>('root');
  const lang = data?.lang ?? 'fr';
  const { status, user, api } = useSession();
  const account = user?.email ?? '';
  const allowed = user?.role === 'agent' || user?.role === 'admin';
  const online = useOnline();
  const { snapshot, syncedAt, syncState, queue, sync, sendQueue, restore, refreshQueue } = useShowroomSync({ account, allowed, online, api, lang });
  const [tab, setTab] = useState<'order' | 'queue'>('order');
  const [message, setMessage] = useState('');
  const { orderId, draft, change, lines, shown, restored, replace } = useOrderDraft({ account, allowed, restore, snapshot });
  const { retailerId, doorId, newShop, signature } = draft;
  // The reasons an order being mended came back with, shown above it until it is saved again.
  const [mending, setMending] = useState<TakenOrder['reasons']>([]);

  if (status === 'loading')
    return (
      <p className="status-message" role="status">
        {t('common.loadingSession')}
      </p>
    );
  if (!user || !allowed) return <Closed signedIn={!!user} online={online} />;

  const totals = shown ? totalsOf(lines, shown) : { pieces: 0, total: 0 };
  const when = (iso: string) => new Date(iso).toLocaleString(lang === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'short', timeStyle: 'short' });
  const waiting = queue.filter((o) => o.state !== 'sent').length;

  async function save() {
    setMessage('');
    if (retailerId === null && !newShop?.companyName) return setMessage(t('admin.showroom.needShop'));
    // A company with several doors: the agent says which one the order goes to (issue 46).
    const doors = snapshot?.stockists.find((s) => s.id === retailerId)?.doors ?? [];
    if (doors.length > 1 && !doors.some((d) => d.id === doorId)) return setMessage(t('admin.showroom.needDoor'));
    if (lines.length === 0) return setMessage(t('admin.showroom.needLines'));
    if (!signature) return setMessage(t('admin.showroom.needSignature'));
    const order = takenOrder(draft, signature, { id: orderId, account, lines, snapshot });
    await replace(() => store.take(order), crypto.randomUUID(), EMPTY_DRAFT);
    setMending([]);
    setMessage(t('admin.showroom.saved'));
    await refreshQueue();
    setTab('queue');
    void sendQueue();
  }

  async function mend(order: TakenOrder) {
    await replace(() => store.mend(order), order.id, {
      retailerId: order.stockistId,
      doorId: order.doorId ?? null,
      newShop: order.newShop,
      quantities: quantitiesOf(order.lines),
      note: order.note,
      signature: order.signature,
    });
    setMending(order.reasons);
    await refreshQueue();
    setTab('order');
  }

  return (
    <main className="showroom" id="main">
      <ShowroomBar
        brandName={data?.brand.name}
        online={online}
        syncState={syncState}
        syncedAt={syncedAt}
        snapshot={snapshot}
        when={when}
        onSync={() => void sync().then(sendQueue)}
        onSeason={(season) => void sync(season)}
      />
      <ShowroomTabs tab={tab} setTab={setTab} waiting={waiting} />
      {message ? (
        <p className="showroom__message" role="status">
          {message}
        </p>
      ) : null}
      {tab === 'queue' ? (
        <OrderQueue queue={queue} waiting={waiting} when={when} onMend={(order) => void mend(order)} />
      ) : shown ? (
        <OrderForm
          snapshot={shown}
          draft={draft}
          change={change}
          mending={mending}
          restored={restored}
          totals={totals}
          lang={lang}
          onSave={() => void save()}
        />
      ) : (
        <p>{t('admin.showroom.neverSynced')}</p>
      )}
    </main>
  );
}
