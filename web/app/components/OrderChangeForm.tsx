// The form that asks (the shop) or makes (the owner) a change of a sent order (issue 57): each line's new
// quantity and delivery window, the door, a word.
import { useEffect, useState } from 'react';
import type { CompanyDoor, Delivery, Order, OrderChange, Size } from '@atelier/contract';
import { DoorSelect } from './DoorSelect.tsx';
import { QuantityField } from './QuantityField.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useLanguage } from '../lib/language.tsx';
import { useSession } from '../lib/session.tsx';

/** "Robe Soleil · Terracotta · M": a line or a change's line as the screens name it. */
export function itemName(item: Pick<OrderChange['items'][number], 'productTitle' | 'colorName' | 'size'>, oneSize: string) {
  return `${item.productTitle} · ${item.colorName} · ${item.size === 'ONESIZE' ? oneSize : item.size}`;
}

/** The shop's choices: what each line asks (a quantity, a delivery window), the door, a word for the label. */
export interface Asked {
  quantities: Record<number, string>;
  windows: Record<number, number>;
  /** Pieces added: another size of a colour the order holds. */
  added: Array<{ variantId: number; size: Size; quantity: number; name: string }>;
  doorId: number | null;
  message: string;
}
export const NOTHING_ASKED: Asked = { quantities: {}, windows: {}, added: [], doorId: null, message: '' };

/** The season's delivery windows (for a pre-order) and the company's doors, to choose from: as the shop reads them, or as the owner does. */
export function useChoices(order: Order, open: boolean, owner = false): { windows: Delivery[]; doors: CompanyDoor[] } {
  const { api } = useSession();
  const { lang } = useLanguage();
  const [choices, setChoices] = useState<{ windows: Delivery[]; doors: CompanyDoor[] }>({ windows: [], doors: [] });
  const seasonId = order.mode === 'preBook' ? (order.season?.id ?? null) : null;
  const companyId = order.shop.userId ?? null;
  useEffect(() => {
    if (!open) return;
    let live = true;
    const windows = async (): Promise<Delivery[]> => {
      if (seasonId === null) return [];
      if (!owner) return (await api('GET /wholesale/seasons', { lang })).data.find((s) => s.id === seasonId)?.deliveries ?? [];
      const season = (await api('GET /admin/seasons')).data.find((s) => s.id === seasonId);
      const named = (names: Array<{ locale: string; name: string }>) => names.find((n) => n.locale === lang)?.name ?? names[0]?.name ?? '';
      return (season?.deliveries ?? []).map((d) => ({ id: d.id, name: named(d.translations), from: d.from, to: d.to }));
    };
    const doors = async (): Promise<CompanyDoor[]> => {
      if (!owner) return (await api('GET /account/doors')).data;
      return companyId === null ? [] : (await api('GET /admin/companies/:id', { params: { id: companyId } })).doors;
    };
    void Promise.all([windows().catch(() => []), doors().catch(() => [])]).then(([w, d]) => {
      if (live) setChoices({ windows: w, doors: d });
    });
    return () => {
      live = false;
    };
  }, [api, lang, seasonId, companyId, open, owner]);
  return choices;
}

/** What the form asks, as the API takes it: each line changed (a quantity, a window), and the door when it changes. */
export function changeOf(order: Order, asked: Asked) {
  const wanted = (l: Order['lines'][number]) => asked.quantities[l.id];
  const items: Array<{ lineId: number; quantity: number } | { lineId: number; deliveryId: number } | { variantId: number; size: Size; quantity: number }> = [
    ...order.lines
      .filter((l) => wanted(l) !== undefined && wanted(l) !== '' && Number(wanted(l)) !== l.quantity)
      .map((l) => ({ lineId: l.id, quantity: Number(wanted(l)) })),
    ...order.lines
      .filter((l) => asked.windows[l.id] !== undefined && asked.windows[l.id] !== order.delivery?.id)
      .map((l) => ({ lineId: l.id, deliveryId: asked.windows[l.id]! })),
    ...asked.added.map(({ variantId, size, quantity }) => ({ variantId, size, quantity })),
  ];
  const doorId = asked.doorId !== null && asked.doorId !== order.door?.id ? asked.doorId : undefined;
  const message = asked.message.trim();
  if (items.length === 0 && doorId === undefined) return null;
  return { items, ...(doorId !== undefined ? { doorId } : {}), ...(message ? { message } : {}) };
}

/** Whether an order may still change: sent and not all gone; an at-once order until a parcel has left. */
export function mayChange(order: Order): boolean {
  return ['submitted', 'confirmed', 'partlyShipped'].includes(order.status) && !(order.mode === 'atOnce' && order.status === 'partlyShipped');
}

/** One line of the form: its new quantity and, for a pre-order of a season with several windows, its window. */
function ChangeLineFields({
  order,
  line: l,
  windows,
  asked,
  setAsked,
  busy,
}: {
  order: Order;
  line: Order['lines'][number];
  windows: Delivery[];
  asked: Asked;
  setAsked: React.Dispatch<React.SetStateAction<Asked>>;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const least = (l.shipped ?? 0) + (l.cancelled ?? 0);
  const name = itemName(l, t('order.oneSize'));
  return (
    <div className="order-change-line">
      <div className="field">
        <label htmlFor={`change-qty-${l.id}`}>{t('orderChanges.newQuantity', { line: name, now: l.quantity })}</label>
        <input
          id={`change-qty-${l.id}`}
          type="number"
          inputMode="numeric"
          min={least}
          max={999}
          value={asked.quantities[l.id] ?? String(l.quantity)}
          disabled={busy}
          onChange={(e) => {
            const value = e.target.value.replace(/[^\d]/g, '').slice(0, 3);
            setAsked((a) => ({ ...a, quantities: { ...a.quantities, [l.id]: value } }));
          }}
        />
      </div>
      {windows.length > 0 && order.delivery && least === 0 && (
        <div className="field">
          <label htmlFor={`change-window-${l.id}`}>{t('orderChanges.windowFor', { line: name })}</label>
          <select
            id={`change-window-${l.id}`}
            value={asked.windows[l.id] ?? order.delivery.id}
            disabled={busy}
            onChange={(e) => {
              const value = Number(e.target.value);
              setAsked((a) => ({ ...a, windows: { ...a.windows, [l.id]: value } }));
            }}
          >
            {windows.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}

/** The sizes each colour of these lines is still offered in (not sold out), by variant. */
function useOffered(colours: Array<Order['lines'][number]>): Record<number, Size[]> {
  const { lang } = useLanguage();
  const { api } = useSession();
  const [offered, setOffered] = useState<Record<number, Size[]>>({});
  const productIds = [...new Set(colours.map((l) => l.productId!))].join(',');
  useEffect(() => {
    let live = true;
    const ids = productIds.split(',').filter(Boolean);
    void Promise.all(ids.map((id) => api('GET /wholesale/availability/:id', { params: { id: Number(id) }, lang }).catch(() => null))).then((found) => {
      if (!live) return;
      const sizes: Record<number, Size[]> = {};
      for (const a of found) for (const v of a?.variants ?? []) sizes[v.variantId] = v.sizes.filter((s) => s.state !== 'soldOut').map((s) => s.size);
      setOffered(sizes);
    });
    return () => {
      live = false;
    };
  }, [api, lang, productIds]);
  return offered;
}

/** The sizes added so far, each to take back. */
function AddedPieces({ asked, setAsked, busy }: { asked: Asked; setAsked: React.Dispatch<React.SetStateAction<Asked>>; busy: boolean }) {
  const { t } = useTranslation();
  if (asked.added.length === 0) return null;
  return (
    <ul className="proposal-lines" aria-label={t('orderChanges.addedList')}>
      {asked.added.map((a) => (
        <li key={`${a.variantId}-${a.size}`} data-testid="order-change-added">
          {a.name} × {a.quantity}{' '}
          <button
            type="button"
            className="button button--quiet button--small"
            disabled={busy}
            aria-label={t('orderChanges.removeAdded', { line: a.name })}
            onClick={() => setAsked((x) => ({ ...x, added: x.added.filter((y) => y !== a) }))}
          >
            {t('orderChanges.removeShort')}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Another size of a colour the order holds, added at the order's terms (the sizes its style is offered in, not yet in the order). */
function AddPiece({ order, asked, setAsked, busy }: { order: Order; asked: Asked; setAsked: React.Dispatch<React.SetStateAction<Asked>>; busy: boolean }) {
  const { t } = useTranslation();
  const colours = [...new Map(order.lines.filter((l) => l.variantId !== null && l.productId !== null).map((l) => [l.variantId!, l])).values()];
  const [variantId, setVariantId] = useState<number | null>(colours[0]?.variantId ?? null);
  const offered = useOffered(colours);
  const [size, setSize] = useState<Size | ''>('');
  const [quantity, setQuantity] = useState('1');
  const line = colours.find((l) => l.variantId === variantId);
  const taken = new Set([
    ...order.lines.filter((l) => l.variantId === variantId).map((l) => l.size),
    ...asked.added.filter((a) => a.variantId === variantId).map((a) => a.size),
  ]);
  const sizes = (variantId === null ? [] : (offered[variantId] ?? [])).filter((s) => !taken.has(s));
  const chosen = size && sizes.includes(size) ? size : (sizes[0] ?? '');
  if (colours.length === 0 || Object.keys(offered).length === 0) return null;
  const name = (s: Size) => (line ? itemName({ productTitle: line.productTitle, colorName: line.colorName, size: s }, t('order.oneSize')) : s);
  return (
    <fieldset className="proposal-picker" data-testid="order-change-add">
      <legend>{t('orderChanges.addLegend')}</legend>
      <div className="order-change-line">
        <div className="field">
          <label htmlFor="change-add-colour">{t('orderChanges.addColour')}</label>
          <select id="change-add-colour" value={variantId ?? ''} disabled={busy} onChange={(e) => setVariantId(Number(e.target.value))}>
            {colours.map((l) => (
              <option key={l.variantId} value={l.variantId!}>
                {l.productTitle} · {l.colorName}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="change-add-size">{t('orderChanges.addSize')}</label>
          <select id="change-add-size" value={chosen} disabled={busy || sizes.length === 0} onChange={(e) => setSize(e.target.value as Size)}>
            {sizes.map((s) => (
              <option key={s} value={s}>
                {s === 'ONESIZE' ? t('order.oneSize') : s}
              </option>
            ))}
          </select>
        </div>
        <QuantityField id="change-add-quantity" label={t('order.quantity')} value={quantity} onValue={setQuantity} disabled={busy} />
      </div>
      <button
        type="button"
        className="button button--quiet"
        disabled={busy || !chosen || !(Number(quantity) > 0)}
        onClick={() =>
          chosen && setAsked((a) => ({ ...a, added: [...a.added, { variantId: variantId!, size: chosen, quantity: Number(quantity), name: name(chosen) }] }))
        }
      >
        {t('orderChanges.addButton')}
      </button>
      <AddedPieces asked={asked} setAsked={setAsked} busy={busy} />
    </fieldset>
  );
}

/** The shop's form: each line's new quantity (never below what left) and, for a pre-order, its delivery window; the door; a word for the label. */
export function ChangeRequestForm({
  order,
  asked,
  setAsked,
  choices,
  busy,
  onSubmit,
  owner = false,
}: {
  order: Order;
  asked: Asked;
  setAsked: React.Dispatch<React.SetStateAction<Asked>>;
  choices: { windows: Delivery[]; doors: CompanyDoor[] };
  busy: boolean;
  onSubmit: (event: React.FormEvent) => void;
  /** The owner changing it herself: her words, and the change made at once. */
  owner?: boolean;
}) {
  const { t } = useTranslation();
  const windows = choices.windows.length > 1 ? choices.windows : [];
  return (
    <form className="form order-action" onSubmit={onSubmit} data-testid="order-change-form">
      <p className="field-hint">{t(owner ? 'orderChanges.ownerHint' : 'orderChanges.hint')}</p>
      {order.lines.map((l) => (
        <ChangeLineFields key={l.id} order={order} line={l} windows={windows} asked={asked} setAsked={setAsked} busy={busy} />
      ))}
      <AddPiece order={order} asked={asked} setAsked={setAsked} busy={busy} />
      <DoorSelect
        id="change-door"
        doors={choices.doors}
        value={asked.doorId ?? order.door?.id ?? null}
        onChange={(doorId) => setAsked((a) => ({ ...a, doorId }))}
        disabled={busy}
        {...(order.door ? {} : { none: '—' })}
      />
      <div className="field">
        <label htmlFor="change-message">{t(owner ? 'orderChanges.ownerMessageLabel' : 'orderChanges.messageLabel')}</label>
        <textarea
          id="change-message"
          maxLength={2000}
          rows={3}
          value={asked.message}
          disabled={busy}
          onChange={(e) => {
            const value = e.target.value;
            setAsked((a) => ({ ...a, message: value }));
          }}
        />
      </div>
      <button type="submit" className="button" disabled={busy}>
        {t(owner ? 'orderChanges.apply' : 'orderChanges.send')}
      </button>
    </form>
  );
}
