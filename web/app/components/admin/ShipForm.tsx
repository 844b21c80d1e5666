// Shipping an order in parcels (issue 45): the owner says how many of each line leave now (all that is
// left unless she lowers it), how, the charge on this parcel's invoice and when the rest follows; or she
// cancels the rest. The screen makes the call.
import { useState } from 'react';
import type { Order } from '@atelier/contract';
import { CARRIERS, CARRIER_NAMES } from '@atelier/contract/pure';
import { useTranslation } from '../../i18n/react.tsx';
import { leftOf } from '../OrderShipments.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { useSession } from '../../lib/session.tsx';
import { ScanPacking } from './ScanPacking.tsx';
import { TagsDownload } from './TagsDownload.tsx';

export interface ShipBody {
  lines: Array<{ lineId: number; quantity: number }>;
  carrier?: string;
  tracking?: string;
  shippingCharge?: number;
  followDate?: string;
}

type Setter = (value: string) => void;

/** How many of each line leave in this parcel (what is left by default, what was allocated after an allocation). */
function ParcelLines({
  order,
  quantities,
  busy,
  onChange,
}: {
  order: Order;
  quantities: Record<number, string>;
  busy: boolean;
  onChange: (id: number, v: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="confirm-lines">
      {order.lines
        .filter((l) => leftOf(l) > 0)
        .map((l) => (
          <li key={l.id}>
            <label htmlFor={`ship-${l.id}`}>
              {l.productTitle} · {l.colorName} · {l.size === 'ONESIZE' ? t('order.oneSize') : l.size}{' '}
              <span className="field__hint">{t('admin.orders.leftToShip', { count: leftOf(l) })}</span>
              {l.allocated ? <span className="field__hint"> · {t('admin.orders.allocatedToShip', { count: l.allocated })}</span> : null}
            </label>
            <input
              id={`ship-${l.id}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={leftOf(l)}
              value={quantities[l.id] ?? ''}
              disabled={busy}
              onChange={(e) => onChange(l.id, e.target.value.replace(/[^\d]/g, '').slice(0, 3))}
            />
          </li>
        ))}
    </ul>
  );
}

/** The carrier (a known one, another named, or none), the tracking reference and the shipping charge. */
function CarrierFields(p: {
  busy: boolean;
  carrier: string;
  setCarrier: Setter;
  other: string;
  setOther: Setter;
  tracking: string;
  setTracking: Setter;
  charge: string;
  setCharge: Setter;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="field">
        <label htmlFor="carrier">{t('admin.orders.carrierLabel')}</label>
        <select id="carrier" value={p.carrier} disabled={p.busy} onChange={(e) => p.setCarrier(e.target.value)}>
          <option value="">{t('admin.orders.carrierNone')}</option>
          {CARRIERS.map((code) => (
            <option key={code} value={code}>
              {CARRIER_NAMES[code]}
            </option>
          ))}
          <option value="other">{t('admin.orders.carrierOther')}</option>
        </select>
      </div>
      {p.carrier === 'other' && (
        <div className="field">
          <label htmlFor="carrier-name">{t('admin.orders.carrierName')}</label>
          <input id="carrier-name" maxLength={80} value={p.other} disabled={p.busy} onChange={(e) => p.setOther(e.target.value)} />
        </div>
      )}
      <div className="field">
        <label htmlFor="tracking">{t('admin.orders.trackingLabel')}</label>
        <input id="tracking" maxLength={120} value={p.tracking} disabled={p.busy} onChange={(e) => p.setTracking(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="shipping-charge">{t('admin.invoices.shippingLabel')}</label>
        <input id="shipping-charge" inputMode="decimal" maxLength={9} value={p.charge} disabled={p.busy} onChange={(e) => p.setCharge(e.target.value)} />
      </div>
    </>
  );
}

/** One parcel: all that is left is "Mark as shipped"; less is a partial shipment, the rest to follow. */
export function ShipForm({ order, busy, onShip }: { order: Order; busy: boolean; onShip: (body: ShipBody) => void }) {
  const { t } = useTranslation();
  // After an allocation (issue 58) the parcel takes what each line was given; else all that is left.
  const allocated = order.lines.some((l) => l.allocated);
  const [quantities, setQuantities] = useState<Record<number, string>>(() =>
    Object.fromEntries(order.lines.map((l) => [l.id, String(allocated ? (l.allocated ?? 0) : leftOf(l))])),
  );
  const [carrier, setCarrier] = useState('');
  const [other, setOther] = useState('');
  const [tracking, setTracking] = useState('');
  const [charge, setCharge] = useState('');
  const [followDate, setFollowDate] = useState(order.followDate ?? '');
  const lines = order.lines.filter((l) => leftOf(l) > 0).map((l) => ({ lineId: l.id, quantity: Number(quantities[l.id] || 0) }));
  const whole = order.lines.every((l) => leftOf(l) === 0 || Number(quantities[l.id] || 0) === leftOf(l));
  const sentCarrier = carrier === 'other' ? other.trim() : carrier;
  return (
    <form
      className="form order-action"
      aria-labelledby="ship-title"
      onSubmit={(e) => {
        e.preventDefault();
        onShip({
          lines: lines.filter((l) => l.quantity > 0),
          ...(sentCarrier ? { carrier: sentCarrier } : {}),
          ...(tracking.trim() ? { tracking } : {}),
          ...(charge.trim() ? { shippingCharge: Number(charge.replace(',', '.')) } : {}),
          ...(!whole && followDate ? { followDate } : {}),
        });
      }}
    >
      <h2 id="ship-title" className="form__title">
        {t('admin.orders.shipTitle')}
      </h2>
      <p className="field__hint">{t('admin.orders.shipHint')}</p>
      <ScanPacking order={order} busy={busy} onCount={setQuantities} />
      <ParcelLines order={order} quantities={quantities} busy={busy} onChange={(id, v) => setQuantities((q) => ({ ...q, [id]: v }))} />
      <CarrierFields {...{ busy, carrier, setCarrier, other, setOther, tracking, setTracking, charge, setCharge }} />
      {!whole && (
        <div className="field">
          <label htmlFor="follow-date">{t('admin.orders.followDateLabel')}</label>
          <input id="follow-date" type="date" value={followDate} disabled={busy} onChange={(e) => setFollowDate(e.target.value)} />
        </div>
      )}
      <button type="submit" className="button" disabled={busy || lines.every((l) => l.quantity === 0)}>
        {whole ? t('admin.orders.ship') : t('admin.orders.shipPart')}
      </button>
    </form>
  );
}

/** What is left of a partly shipped order will not follow: a reason the shop reads. */
export function CancelRestForm({ order, busy, onCancelRest }: { order: Order; busy: boolean; onCancelRest: (reason: string) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  return (
    <form
      className="form order-action"
      aria-labelledby="cancel-rest-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (window.confirm(t('admin.orders.confirmCancelRest', { number: order.number }))) onCancelRest(reason);
      }}
    >
      <h2 id="cancel-rest-title" className="form__title">
        {t('admin.orders.cancelRestTitle')}
      </h2>
      <p className="field__hint">{t('admin.orders.cancelRestHint')}</p>
      <div className="field">
        <label htmlFor="cancel-rest-reason">{t('admin.orders.reasonLabel')}</label>
        <textarea id="cancel-rest-reason" rows={2} maxLength={500} required value={reason} disabled={busy} onChange={(e) => setReason(e.target.value)} />
      </div>
      <button type="submit" className="button button--quiet" disabled={busy || !reason.trim()}>
        {t('admin.orders.cancelRest')}
      </button>
    </form>
  );
}

/** A move of the order screen: the call, given the order's id, and the message of its success. */
export type OrderAct = (move: (id: number) => Promise<Order>, success: string | ((next: Order) => string)) => Promise<void>;

/** The shipping part of the owner's order screen: the next parcel, and cancelling the rest. */
export function ShippingMoves({ order, busy, act }: { order: Order; busy: boolean; act: OrderAct }) {
  const { api } = useSession();
  const { lang } = useLanguage();
  return (
    <>
      {(order.status === 'confirmed' || order.status === 'partlyShipped') && (
        <ShipForm
          key={`${order.id}-${order.shipments?.length ?? 0}`}
          order={order}
          busy={busy}
          onShip={(body) =>
            void act(
              (id) => api('POST /admin/orders/:id/shipments', { params: { id }, lang, body }),
              (next) => (next.status === 'shipped' ? 'admin.orders.shipped' : 'admin.orders.shippedPart'),
            )
          }
        />
      )}
      {order.status !== 'cancelled' && <TagsDownload orderId={order.id} />}
      {order.status === 'partlyShipped' && (
        <CancelRestForm
          order={order}
          busy={busy}
          onCancelRest={(reason) =>
            void act((id) => api('POST /admin/orders/:id/cancel-rest', { params: { id }, lang, body: { reason } }), 'admin.orders.restCancelled')
          }
        />
      )}
    </>
  );
}
