import { useCallback, useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useRouteLoaderData } from 'react-router';
import { formatPrice } from '@atelier/contract/pure';
import type { NewShopInput, ShowroomAnswer, ShowroomLineInput, ShowroomRefusal, ShowroomSnapshot, Size } from '@atelier/contract';
import type { Route } from './+types/showroom';
import { useTranslation } from '../i18n/react.tsx';
import { ApiError } from '../lib/api.ts';
import { pageMeta, type RootData } from '../lib/meta.ts';
import { useSession } from '../lib/session.tsx';
import { store, type TakenOrder } from '../lib/showroom-store.ts';
import showroomStyles from './showroom.css?url';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'admin.showroom.title', noindex: true });
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: showroomStyles },
  { rel: 'manifest', href: '/showroom.webmanifest' },
  { rel: 'apple-touch-icon', href: '/showroom-192.png' },
];

type Where = 'atOnce' | number;
/** `variantId|size|where` or `variantId|pack:ID|where` → quantity (pieces, or packs). */
type Quantities = Record<string, number>;
const keyOf = (variantId: number, what: string, where: Where) => `${variantId}|${what}|${where}`;
const EMPTY_SHOP: NewShopInput = {
  companyName: '',
  contactName: '',
  email: '',
  phone: '',
  address: { line1: '', line2: '', postcode: '', town: '', country: 'FR' },
  vatNumber: '',
  siret: '',
  locale: 'fr',
};

function linesOf(quantities: Quantities, snapshot: ShowroomSnapshot): ShowroomLineInput[] {
  const prices = new Map(snapshot.styles.flatMap((s) => s.variants.map((v) => [v.id, v.price] as const)));
  const lines: ShowroomLineInput[] = [];
  for (const [key, value] of Object.entries(quantities)) {
    if (!value || value < 1) continue;
    const [variant, what, where] = key.split('|') as [string, string, string];
    const variantId = Number(variant);
    const place = where === 'atOnce' ? { mode: 'atOnce' as const } : { mode: 'preBook' as const, deliveryId: Number(where) };
    const unitPrice = prices.get(variantId);
    if (what.startsWith('pack:')) lines.push({ variantId, packId: Number(what.slice(5)), packs: value, ...place, unitPrice });
    else lines.push({ variantId, size: what as Size, quantity: value, ...place, unitPrice });
  }
  return lines;
}

function quantitiesOf(lines: ShowroomLineInput[]): Quantities {
  const out: Quantities = {};
  for (const line of lines) {
    const where: Where = line.mode === 'atOnce' ? 'atOnce' : (line.deliveryId ?? 0);
    if ('packId' in line) out[keyOf(line.variantId, `pack:${line.packId}`, where)] = line.packs;
    else out[keyOf(line.variantId, line.size, where)] = line.quantity;
  }
  return out;
}

/** Pieces and total (excl. VAT) of some lines, priced by the snapshot. */
function totalsOf(lines: ShowroomLineInput[], snapshot: ShowroomSnapshot) {
  let pieces = 0;
  let cents = 0;
  for (const line of lines) {
    const style = snapshot.styles.find((s) => s.variants.some((v) => v.id === line.variantId));
    const variant = style?.variants.find((v) => v.id === line.variantId);
    if (!style || !variant) continue;
    const n =
      'packId' in line
        ? Object.values(style.packs.find((p) => p.id === line.packId)?.sizes ?? {}).reduce((a, b) => a + (b ?? 0), 0) * line.packs
        : line.quantity;
    pieces += n;
    cents += Math.round(variant.price * 100) * n;
  }
  return { pieces, total: cents / 100 };
}

export default function Showroom() {
  const { t } = useTranslation();
  const data = useRouteLoaderData<RootData>('root');
  const lang = data?.lang ?? 'fr';
  const { status, user, api } = useSession();
  const account = user?.email ?? '';
  const allowed = user?.role === 'agent' || user?.role === 'admin';
  const [online, setOnline] = useState(true);
  const [snapshot, setSnapshot] = useState<ShowroomSnapshot | null>(null);
  const [syncedAt, setSyncedAt] = useState<string | null>(null);
  const [syncState, setSyncState] = useState<'idle' | 'syncing' | 'failed'>('idle');
  const [queue, setQueue] = useState<TakenOrder[]>([]);
  const [tab, setTab] = useState<'order' | 'queue'>('order');
  const [message, setMessage] = useState('');
  // The order being typed (saved on the tablet at each change).
  const [orderId, setOrderId] = useState<string>('');
  const [stockistId, setStockistId] = useState<number | null>(null);
  const [newShop, setNewShop] = useState<NewShopInput | null>(null);
  const [quantities, setQuantities] = useState<Quantities>({});
  const [note, setNote] = useState('');
  const [signature, setSignature] = useState('');
  const [shopSearch, setShopSearch] = useState('');
  const [styleSearch, setStyleSearch] = useState('');
  // The reasons an order being mended came back with, shown above it until it is saved again.
  const [mending, setMending] = useState<TakenOrder['reasons']>([]);
  const loaded = useRef(false);
  // Until what the tablet kept is read back, the order form is busy (and says so to screen readers).
  const [restored, setRestored] = useState(false);
  const draftTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

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

  // What the tablet kept for this account: its snapshot, its queue, the order being typed.
  useEffect(() => {
    if (!account || !allowed) return;
    void (async () => {
      const kept = await store.snapshot(account);
      if (kept) {
        setSnapshot(kept.snapshot);
        setSyncedAt(kept.syncedAt);
      }
      setQueue(await store.orders(account));
      const draft = await store.draft(account);
      if (draft) {
        setOrderId(draft.id ?? crypto.randomUUID());
        setStockistId(draft.stockistId ?? null);
        setNewShop(draft.newShop ?? null);
        setQuantities(quantitiesOf(draft.lines ?? []));
        setNote(draft.note ?? '');
        setSignature(draft.signature ?? '');
      } else setOrderId(crypto.randomUUID());
      loaded.current = true;
      setRestored(true);
    })();
  }, [account, allowed]);

  const lines = useMemo(() => (snapshot ? linesOf(quantities, snapshot) : []), [quantities, snapshot]);

  useEffect(() => {
    if (!loaded.current || !account) return;
    const timer = setTimeout(() => void store.saveDraft(account, { id: orderId, stockistId, newShop, lines, note, signature }), 200);
    draftTimer.current = timer;
    return () => clearTimeout(timer);
  }, [account, orderId, stockistId, newShop, lines, note, signature]);

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
        const registration = await navigator.serviceWorker?.ready;
        registration?.active?.postMessage({ type: 'cache', urls: [...new Set(['/showroom', ...own, ...pictures])] });
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
      for (const order of await store.orders(account)) {
        if (order.state !== 'waiting') continue;
        const body = {
          ...(order.stockistId !== null ? { stockistId: order.stockistId } : { newShop: order.newShop! }),
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

  if (status === 'loading')
    return (
      <p className="status-message" role="status">
        {t('common.loadingSession')}
      </p>
    );
  if (!user) {
    return (
      <main className="showroom page" id="main">
        <h1>{t('admin.showroom.title')}</h1>
        <p>{online ? <a href="/login">{t('admin.showroom.signIn')}</a> : t('admin.showroom.signedOutOffline')}</p>
      </main>
    );
  }
  if (!allowed) {
    return (
      <main className="showroom page" id="main">
        <h1>{t('admin.showroom.title')}</h1>
        <p>{t('admin.showroom.notForYou')}</p>
      </main>
    );
  }

  const totals = snapshot ? totalsOf(lines, snapshot) : { pieces: 0, total: 0 };
  const stockist = snapshot?.stockists.find((s) => s.id === stockistId) ?? null;
  const minimumAmount = snapshot ? (stockist?.hasOrdered ? snapshot.terms.reorderMinimum : snapshot.terms.openingMinimum) : 0;
  const missing = Math.max(0, Math.round((minimumAmount - totals.total) * 100) / 100);
  const when = (iso: string) => new Date(iso).toLocaleString(lang === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'short', timeStyle: 'short' });
  const waiting = queue.filter((o) => o.state !== 'sent').length;

  async function save() {
    setMessage('');
    if (stockistId === null && !newShop?.companyName) return setMessage(t('admin.showroom.needShop'));
    if (lines.length === 0) return setMessage(t('admin.showroom.needLines'));
    if (!signature) return setMessage(t('admin.showroom.needSignature'));
    const shopName = stockist?.name ?? newShop?.companyName ?? '';
    const order: TakenOrder = {
      id: orderId,
      account,
      stockistId,
      newShop: stockistId === null ? newShop : null,
      shopName,
      lines,
      note,
      signature,
      takenAt: new Date().toISOString(),
      state: 'waiting',
      answer: null,
      reasons: [],
    };
    if (draftTimer.current) clearTimeout(draftTimer.current);
    await store.take(order);
    setOrderId(crypto.randomUUID());
    setStockistId(null);
    setNewShop(null);
    setQuantities({});
    setNote('');
    setSignature('');
    setMending([]);
    setMessage(t('admin.showroom.saved'));
    setQueue(await store.orders(account));
    setTab('queue');
    void sendQueue();
  }

  async function mend(order: TakenOrder) {
    if (draftTimer.current) clearTimeout(draftTimer.current);
    await store.mend(order);
    setOrderId(order.id);
    setStockistId(order.stockistId);
    setNewShop(order.newShop);
    setQuantities(quantitiesOf(order.lines));
    setNote(order.note);
    setSignature(order.signature);
    setMending(order.reasons);
    setQueue(await store.orders(account));
    setTab('order');
  }

  const shops = (snapshot?.stockists ?? []).filter((s) => !shopSearch || `${s.name} ${s.town ?? ''}`.toLowerCase().includes(shopSearch.toLowerCase()));
  const styles = (snapshot?.styles ?? []).filter((s) => !styleSearch || `${s.reference ?? ''} ${s.title}`.toLowerCase().includes(styleSearch.toLowerCase()));
  const windows: Array<{ where: Where; label: string }> =
    snapshot?.season?.state === 'open' ? snapshot.season.deliveries.map((d) => ({ where: d.id, label: `${t('admin.showroom.window')} ${d.name}` })) : [];
  const setQuantity = (key: string, value: string) => setQuantities((q) => ({ ...q, [key]: Math.max(0, Math.min(999, Number.parseInt(value, 10) || 0)) }));

  return (
    <main className="showroom" id="main">
      <header className="showroom__bar">
        <h1 className="showroom__title">
          {data?.brand.name} · {t('admin.showroom.title')}
        </h1>
        <p className={`showroom__net showroom__net--${online ? 'on' : 'off'}`} role="status">
          {online ? t('admin.showroom.online') : t('admin.showroom.offline')}
        </p>
        <p className="showroom__sync">
          {syncState === 'syncing'
            ? t('admin.showroom.syncing')
            : syncState === 'failed'
              ? t('admin.showroom.syncFailed')
              : syncedAt
                ? t('admin.showroom.synced', { when: when(syncedAt) })
                : t('admin.showroom.neverSynced')}{' '}
          <button type="button" className="button button--small" onClick={() => void sync().then(sendQueue)} disabled={!online || syncState === 'syncing'}>
            {t('admin.showroom.sync')}
          </button>
        </p>
      </header>
      {snapshot && snapshot.seasons.length > 1 ? (
        <label className="showroom__season">
          {t('admin.showroom.season')}
          <select value={snapshot.season?.code ?? ''} disabled={!online} onChange={(e) => void sync(e.target.value)}>
            {snapshot.seasons.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <div className="showroom__tabs" role="tablist" aria-label={t('admin.showroom.title')}>
        <button type="button" role="tab" aria-selected={tab === 'order'} onClick={() => setTab('order')}>
          {t('admin.showroom.newOrder')}
        </button>
        <button type="button" role="tab" aria-selected={tab === 'queue'} onClick={() => setTab('queue')}>
          {t('admin.showroom.queue', { count: waiting })}
        </button>
      </div>
      {message ? (
        <p className="showroom__message" role="status">
          {message}
        </p>
      ) : null}

      {tab === 'queue' ? (
        <section className="showroom__queue" aria-label={t('admin.showroom.queue', { count: waiting })}>
          {queue.length === 0 ? <p>{t('admin.showroom.empty')}</p> : null}
          <ul>
            {queue.map((order) => (
              <li key={order.id} className={`queue-item queue-item--${order.state}`} data-order={order.id}>
                <p>
                  <strong>{order.shopName}</strong> · {t('admin.showroom.takenAt', { when: when(order.takenAt) })}
                </p>
                <p className="queue-item__state">
                  {order.state === 'sent'
                    ? t('admin.showroom.status.sent', { numbers: order.answer?.orders.map((o) => o.number).join(', ') ?? '' })
                    : t(`admin.showroom.status.${order.state}`)}
                </p>
                {order.state === 'refused' ? (
                  <>
                    <ul className="queue-item__reasons">
                      {order.reasons.map((r, i) => (
                        <li key={i}>{r.message}</li>
                      ))}
                    </ul>
                    <button type="button" className="button button--small" onClick={() => void mend(order)}>
                      {t('admin.showroom.edit')}
                    </button>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : snapshot ? (
        <form
          className="showroom__order"
          aria-busy={!restored}
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          {mending.length > 0 ? (
            <div className="showroom__mending" role="group" aria-label={t('admin.showroom.toMend')}>
              <p>{t('admin.showroom.toMend')}</p>
              <ul className="queue-item__reasons">
                {mending.map((r, i) => (
                  <li key={i}>{r.message}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <fieldset className="showroom__shop">
            <legend>{t('admin.showroom.shop')}</legend>
            {newShop ? (
              <div className="showroom__newshop">
                {(
                  [
                    ['companyName', 'company', 'organization'],
                    ['contactName', 'contact', 'name'],
                    ['email', 'email', 'email'],
                    ['phone', 'phone', 'tel'],
                  ] as const
                ).map(([field, label, auto]) => (
                  <label key={field}>
                    {t(`admin.showroom.${label}`)}
                    <input value={newShop[field] ?? ''} autoComplete={auto} onChange={(e) => setNewShop({ ...newShop, [field]: e.target.value })} />
                  </label>
                ))}
                {(
                  [
                    ['line1', 'line1'],
                    ['postcode', 'postcode'],
                    ['town', 'town'],
                    ['country', 'country'],
                  ] as const
                ).map(([field, label]) => (
                  <label key={field}>
                    {t(`admin.showroom.${label}`)}
                    <input
                      value={newShop.address[field] ?? ''}
                      onChange={(e) => setNewShop({ ...newShop, address: { ...newShop.address, [field]: e.target.value } })}
                    />
                  </label>
                ))}
                <label>
                  {t('admin.showroom.vat')}
                  <input value={newShop.vatNumber ?? ''} onChange={(e) => setNewShop({ ...newShop, vatNumber: e.target.value })} />
                </label>
                <label>
                  {t('admin.showroom.siret')}
                  <input value={newShop.siret ?? ''} inputMode="numeric" onChange={(e) => setNewShop({ ...newShop, siret: e.target.value })} />
                </label>
                <button type="button" className="button button--small" onClick={() => setNewShop(null)}>
                  {t('admin.showroom.chooseShop')}
                </button>
              </div>
            ) : (
              <>
                <label>
                  {t('admin.showroom.searchShop')}
                  <input type="search" value={shopSearch} onChange={(e) => setShopSearch(e.target.value)} />
                </label>
                <ul className="showroom__shops">
                  {shops.slice(0, 12).map((s) => (
                    <li key={s.id}>
                      <button type="button" aria-pressed={stockistId === s.id} onClick={() => setStockistId(s.id)}>
                        {s.name}
                        {s.town ? ` · ${s.town}` : ''}
                      </button>
                    </li>
                  ))}
                </ul>
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => {
                    setStockistId(null);
                    setNewShop({ ...EMPTY_SHOP, locale: lang });
                  }}
                >
                  {t('admin.showroom.newShop')}
                </button>
              </>
            )}
          </fieldset>

          <fieldset className="showroom__styles">
            <legend>{t('admin.showroom.styles')}</legend>
            <label>
              {t('admin.showroom.searchStyle')}
              <input type="search" value={styleSearch} onChange={(e) => setStyleSearch(e.target.value)} />
            </label>
            {styles.map((style) => (
              <article key={style.id} className="showroom-style">
                <h2>
                  {style.reference ? <span className="showroom-style__ref">{style.reference}</span> : null} {style.title}
                </h2>
                <p className="showroom-style__rules">
                  {style.packsOnly ? t('admin.showroom.packsOnly') : null}
                  {style.orderMultiple > 1 ? t('admin.showroom.multiple', { n: style.orderMultiple }) : null}
                </p>
                {style.variants.map((variant) => {
                  const stocked = variant.sizes.some((s) => (variant.available[s] ?? 0) > 0);
                  // Open windows, and any window this order already has pieces in (closed since: shown, to mend).
                  const has = (where: Where) => Object.entries(quantities).some(([k, v]) => v > 0 && k.startsWith(`${variant.id}|`) && k.endsWith(`|${where}`));
                  const closedWithPieces = (snapshot.season?.deliveries ?? [])
                    .filter((d) => !windows.some((w) => w.where === d.id) && has(d.id))
                    .map((d) => ({ where: d.id as Where, label: `${t('admin.showroom.window')} ${d.name} ${t('admin.showroom.closed')}` }));
                  const rows: Array<{ where: Where; label: string }> = [
                    ...(stocked || has('atOnce') ? [{ where: 'atOnce' as const, label: t('admin.showroom.atOnce') }] : []),
                    ...windows,
                    ...closedWithPieces,
                  ];
                  return (
                    <div key={variant.id} className="showroom-colour">
                      {variant.image ? <img src={variant.image} alt="" width={120} height={150} loading="lazy" /> : null}
                      <div className="showroom-colour__grid">
                        <h3>
                          {variant.colorName} ·{' '}
                          {variant.retailPrice !== null
                            ? t('admin.showroom.price', { price: formatPrice(variant.price, lang), rrp: formatPrice(variant.retailPrice, lang) })
                            : t('admin.showroom.priceNoRrp', { price: formatPrice(variant.price, lang) })}
                        </h3>
                        {rows.map((row) => (
                          <div key={row.where} className="showroom-row">
                            <p className="showroom-row__label">{row.label}</p>
                            {style.packs.map((pack) => {
                              const key = keyOf(variant.id, `pack:${pack.id}`, row.where);
                              return (
                                <label key={key} className="qty qty--pack">
                                  {t('admin.showroom.packOf', {
                                    name: pack.name,
                                    sizes: Object.entries(pack.sizes)
                                      .map(([s, n]) => `${n} ${s}`)
                                      .join(' · '),
                                  })}
                                  <input
                                    type="number"
                                    inputMode="numeric"
                                    min={0}
                                    max={999}
                                    aria-label={`${variant.colorName}, ${pack.name}, ${row.label}`}
                                    value={quantities[key] || ''}
                                    onChange={(e) => setQuantity(key, e.target.value)}
                                  />
                                </label>
                              );
                            })}
                            {style.packsOnly
                              ? null
                              : variant.sizes.map((size) => {
                                  const key = keyOf(variant.id, size, row.where);
                                  const left = row.where === 'atOnce' ? (variant.available[size] ?? 0) : null;
                                  return (
                                    <label key={key} className="qty">
                                      {size}
                                      {left !== null ? <small>{t('admin.showroom.available', { n: left })}</small> : null}
                                      <input
                                        type="number"
                                        inputMode="numeric"
                                        min={0}
                                        max={999}
                                        step={style.orderMultiple}
                                        aria-label={`${variant.colorName}, ${size}, ${row.label}`}
                                        value={quantities[key] || ''}
                                        onChange={(e) => setQuantity(key, e.target.value)}
                                      />
                                    </label>
                                  );
                                })}
                          </div>
                        ))}
                      </div>
                    </div>
                  );
                })}
              </article>
            ))}
          </fieldset>

          <fieldset className="showroom__close">
            <legend>{t('admin.showroom.closing')}</legend>
            <label>
              {t('admin.showroom.note')}
              <textarea value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} />
            </label>
            <SignaturePad
              label={t('admin.showroom.signature')}
              hint={t('admin.showroom.signHere')}
              clear={t('admin.showroom.clearSignature')}
              value={signature}
              onChange={setSignature}
            />
          </fieldset>
          <div className="showroom__summary">
            <p className="showroom__totals" data-testid="showroom-totals">
              {t('admin.showroom.totals', { pieces: totals.pieces, total: formatPrice(totals.total, lang) })}
            </p>
            <p className="showroom__minimum">
              {missing > 0
                ? t('admin.showroom.minimum', { amount: formatPrice(minimumAmount, lang), missing: formatPrice(missing, lang) })
                : t('admin.showroom.minimumReached')}
            </p>
            <button type="submit" className="button">
              {t('admin.showroom.save')}
            </button>
          </div>
        </form>
      ) : (
        <p>{t('admin.showroom.neverSynced')}</p>
      )}
    </main>
  );
}

/** The buyer signs with a finger (pointer events); the drawing is kept as a PNG data URL. */
function SignaturePad({ label, hint, clear, value, onChange }: { label: string; hint: string; clear: string; value: string; onChange: (v: string) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const ctx = c.getContext('2d')!;
    ctx.clearRect(0, 0, c.width, c.height);
    if (value) {
      const image = new Image();
      image.onload = () => ctx.drawImage(image, 0, 0);
      image.src = value;
    }
    // Only when a saved signature is loaded (not at each stroke).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value === '']);
  const point = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return [
      ((event.clientX - rect.left) * event.currentTarget.width) / rect.width,
      ((event.clientY - rect.top) * event.currentTarget.height) / rect.height,
    ] as const;
  };
  return (
    <div className="signature">
      <p className="signature__label" id="signature-label">
        {label}
      </p>
      <canvas
        ref={canvas}
        width={480}
        height={160}
        className="signature__pad"
        role="img"
        aria-labelledby="signature-label"
        aria-describedby="signature-hint"
        onPointerDown={(event) => {
          drawing.current = true;
          event.currentTarget.setPointerCapture(event.pointerId);
          const ctx = event.currentTarget.getContext('2d')!;
          const [x, y] = point(event);
          ctx.lineWidth = 2.5;
          ctx.lineCap = 'round';
          ctx.strokeStyle = '#2b2620';
          ctx.beginPath();
          ctx.moveTo(x, y);
        }}
        onPointerMove={(event) => {
          if (!drawing.current) return;
          const ctx = event.currentTarget.getContext('2d')!;
          const [x, y] = point(event);
          ctx.lineTo(x, y);
          ctx.stroke();
        }}
        onPointerUp={(event) => {
          drawing.current = false;
          onChange(event.currentTarget.toDataURL('image/png'));
        }}
      />
      <p className="signature__hint" id="signature-hint">
        {hint}{' '}
        <button type="button" className="button button--small" onClick={() => onChange('')}>
          {clear}
        </button>
      </p>
    </div>
  );
}
