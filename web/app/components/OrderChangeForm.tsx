// The form that asks (the shop) or makes (the owner) a change of a sent order (issue 57): each line's new
// quantity and delivery window, the door, a word.
import { useEffect, useState } from 'react';
import type { CompanyDoor, Delivery, Order, OrderChange } from '@atelier/contract';
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
  doorId: number | null;
  message: string;
}
export const NOTHING_ASKED: Asked = { quantities: {}, windows: {}, doorId: null, message: '' };

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
  const items: Array<{ lineId: number; quantity: number } | { lineId: number; deliveryId: number }> = [
    ...order.lines
      .filter((l) => wanted(l) !== undefined && wanted(l) !== '' && Number(wanted(l)) !== l.quantity)
      .map((l) => ({ lineId: l.id, quantity: Number(wanted(l)) })),
    ...order.lines
      .filter((l) => asked.windows[l.id] !== undefined && asked.windows[l.id] !== order.delivery?.id)
      .map((l) => ({ lineId: l.id, deliveryId: asked.windows[l.id]! })),
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
      {choices.doors.length > 1 && (
        <div className="field">
          <label htmlFor="change-door">{t('orderChanges.doorLabel')}</label>
          <select
            id="change-door"
            value={asked.doorId ?? order.door?.id ?? ''}
            disabled={busy}
            onChange={(e) => {
              const value = Number(e.target.value);
              setAsked((a) => ({ ...a, doorId: value }));
            }}
          >
            {!order.door && <option value="">—</option>}
            {choices.doors.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}, {d.address.town}
              </option>
            ))}
          </select>
        </div>
      )}
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
