// The owner's moves on one order (/admin/orders/:id): confirm it (quantities may be lowered, a line
// dropped, with the ship date), ship it (carrier, tracking, the shipping charge on its invoice), cancel it
// (with the reason the shop reads). Each form keeps what is typed; the screen makes the call.
import { useState } from 'react';
import type { Order } from '@atelier/contract';
import { CARRIERS, CARRIER_NAMES, ORDER_QUANTITY_MAX, formatPrice } from '@atelier/contract/pure';
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
        {t('admin.orders.newTotal')} <strong>{formatPrice(newTotal, lang)}</strong>
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

export function ShipForm({ busy, onShip }: { busy: boolean; onShip: (body: { carrier?: string; tracking?: string; shipping?: number }) => void }) {
  const { t } = useTranslation();
  // A known carrier (its parcels followed by a link), another one named, or none.
  const [carrier, setCarrier] = useState('');
  const [otherCarrier, setOtherCarrier] = useState('');
  const sentCarrier = carrier === 'other' ? otherCarrier.trim() : carrier;
  const [tracking, setTracking] = useState('');
  const [shipping, setShipping] = useState('');
  return (
    <form
      className="form order-action"
      aria-labelledby="ship-title"
      onSubmit={(e) => {
        e.preventDefault();
        onShip({
          ...(sentCarrier ? { carrier: sentCarrier } : {}),
          ...(tracking.trim() ? { tracking } : {}),
          ...(shipping.trim() ? { shipping: Number(shipping.replace(',', '.')) } : {}),
        });
      }}
    >
      <h2 id="ship-title" className="form__title">
        {t('admin.orders.shipTitle')}
      </h2>
      <div className="field">
        <label htmlFor="carrier">{t('admin.orders.carrierLabel')}</label>
        <select id="carrier" value={carrier} disabled={busy} onChange={(e) => setCarrier(e.target.value)}>
          <option value="">{t('admin.orders.carrierNone')}</option>
          {CARRIERS.map((code) => (
            <option key={code} value={code}>
              {CARRIER_NAMES[code]}
            </option>
          ))}
          <option value="other">{t('admin.orders.carrierOther')}</option>
        </select>
      </div>
      {carrier === 'other' && (
        <div className="field">
          <label htmlFor="carrier-name">{t('admin.orders.carrierName')}</label>
          <input id="carrier-name" maxLength={80} value={otherCarrier} disabled={busy} onChange={(e) => setOtherCarrier(e.target.value)} />
        </div>
      )}
      <div className="field">
        <label htmlFor="tracking">{t('admin.orders.trackingLabel')}</label>
        <input id="tracking" maxLength={120} value={tracking} disabled={busy} onChange={(e) => setTracking(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="shipping-charge">{t('admin.invoices.shippingLabel')}</label>
        <input id="shipping-charge" inputMode="decimal" maxLength={9} value={shipping} disabled={busy} onChange={(e) => setShipping(e.target.value)} />
      </div>
      <button type="submit" className="button" disabled={busy}>
        {t('admin.orders.ship')}
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
      {order.status === 'shipped' && <p className="field__hint">{t('admin.invoices.cancelShippedHint')}</p>}
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
