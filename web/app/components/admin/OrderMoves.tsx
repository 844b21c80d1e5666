// The owner's moves on one order (/admin/orders/:id): confirm it (quantities may be lowered, a line
// dropped, with the ship date), cancel it (with the reason the shop reads); shipping is ShipForm.tsx.
// Each form keeps what is typed; the screen makes the call.
import { useState } from 'react';
import type { Order } from '@atelier/contract';
import { ORDER_QUANTITY_MAX, formatPrice } from '@atelier/contract/pure';
import { useTranslation } from '../../i18n/react.tsx';
import { useLanguage } from '../../lib/language.tsx';

export interface ConfirmBody {
  shipDate: string;
  lines?: Array<{ id: number; quantity: number }>;
}

export function ConfirmForm({ order, busy, onConfirm }: { order: Order; busy: boolean; onConfirm: (body: ConfirmBody) => void }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const [shipDate, setShipDate] = useState('');
  const [quantities, setQuantities] = useState<Record<number, string>>(() => Object.fromEntries(order.lines.map((l) => [l.id, String(l.quantity)])));
  const newTotal = order.lines.reduce((sum, l) => sum + l.unitPrice * (Number(quantities[l.id] ?? l.quantity) || 0), 0);
  return (
    <form
      className="form order-action"
      aria-labelledby="confirm-title"
      onSubmit={(event) => {
        event.preventDefault();
        const lines = order.lines
          .map((l) => ({ id: l.id, quantity: Number(quantities[l.id] ?? l.quantity) }))
          .filter((l) => Number.isInteger(l.quantity) && l.quantity > 0);
        const changed = lines.length !== order.lines.length || lines.some((l) => order.lines.find((x) => x.id === l.id)?.quantity !== l.quantity);
        onConfirm({ shipDate, ...(changed ? { lines } : {}) });
      }}
    >
      <h2 id="confirm-title" className="form__title">
        {t('admin.orders.confirmTitle')}
      </h2>
      <p className="field__hint">{t('admin.orders.confirmHint')}</p>
      <ul className="confirm-lines">
        {order.lines.map((l) => (
          <li key={l.id}>
            <label htmlFor={`qty-${l.id}`}>
              {l.productTitle} · {l.colorName} · {l.size === 'ONESIZE' ? t('order.oneSize') : l.size}
              {l.pack ? ` · ${t('order.fromPack', { packs: l.pack.packs, name: l.pack.name })}` : ''}
            </label>
            <input
              id={`qty-${l.id}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={ORDER_QUANTITY_MAX}
              value={quantities[l.id] ?? ''}
              disabled={busy}
              onChange={(e) => setQuantities((q) => ({ ...q, [l.id]: e.target.value.replace(/[^\d]/g, '').slice(0, 3) }))}
            />
          </li>
        ))}
      </ul>
      <p>
        {t('admin.orders.newTotal')} <strong>{formatPrice(newTotal, lang, order.currency)}</strong>
      </p>
      <div className="field">
        <label htmlFor="ship-date">{t('order.shipDate')}</label>
        <input id="ship-date" type="date" required value={shipDate} disabled={busy} onChange={(e) => setShipDate(e.target.value)} />
      </div>
      <button type="submit" className="button" disabled={busy || !shipDate}>
        {t('admin.orders.confirm')}
      </button>
    </form>
  );
}

export function CancelForm({ order, busy, onCancel }: { order: Order; busy: boolean; onCancel: (reason: string) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  return (
    <form
      className="form order-action"
      aria-labelledby="cancel-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (window.confirm(t('admin.orders.confirmCancel', { number: order.number }))) onCancel(reason);
      }}
    >
      <h2 id="cancel-title" className="form__title">
        {t('admin.orders.cancelTitle')}
      </h2>
      {(order.status === 'shipped' || order.status === 'partlyShipped') && <p className="field__hint">{t('admin.invoices.cancelShippedHint')}</p>}
      <div className="field">
        <label htmlFor="cancel-reason">{t('admin.orders.reasonLabel')}</label>
        <textarea id="cancel-reason" rows={2} maxLength={500} required value={reason} disabled={busy} onChange={(e) => setReason(e.target.value)} />
      </div>
      <button type="submit" className="button button--quiet" disabled={busy || !reason.trim()}>
        {t('admin.orders.cancel')}
      </button>
    </form>
  );
}

/** The shop's company details, as the order keeps them. */
export function ShopDetails({ order }: { order: Order }) {
  const { t } = useTranslation();
  const company = order.shop.company;
  if (!company) return null;
  const facts: Array<[string, string, string?]> = [
    [t('company.companyName'), company.companyName ?? '—'],
    [t('account.email'), order.shop.email],
    [t('company.siret'), company.siret ?? '—'],
    [t('company.vatNumber'), company.vatNumber ?? '—'],
    [t('company.phone'), company.phone ?? '—'],
    [t('company.billingAddress'), company.billingAddress ?? '—', 'pre-line'],
    [t('company.deliveryAddress'), company.deliveryAddress ?? company.billingAddress ?? '—', 'pre-line'],
  ];
  return (
    <section aria-labelledby="shop-title" className="order-shop">
      <h2 id="shop-title" className="section-title section-title--small">
        {t('admin.orders.shopDetails')}
      </h2>
      <dl className="facts">
        {facts.map(([label, value, className]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className={className}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
