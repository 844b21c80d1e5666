import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import type { Order } from '@atelier/contract';
import { ORDER_QUANTITY_MAX, formatPrice } from '@atelier/contract/pure';
import type { Route } from './+types/order';
import { FormMessage } from '../../components/Field.tsx';
import { OrderInvoice } from '../../components/admin/OrderInvoice.tsx';
import { OrderFacts, OrderLinesTable } from '../../components/OrderView.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { downloadFile } from '../../lib/download.ts';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminOrders', noindex: true });

/** One order for the owner: lines, the shop's details, the note and history; confirm, ship, cancel, CSV. */
export default function AdminOrder() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api, token } = useSession();
  const { orderId } = useParams();
  const [order, setOrder] = useState<Order | null>(null);
  const [busy, setBusy] = useState(false);
  const { message, setMessage, fail } = useScreenMessage();
  const [shipDate, setShipDate] = useState('');
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [shipping, setShipping] = useState('');
  const [reason, setReason] = useState('');

  const show = (next: Order) => {
    setOrder(next);
    setQuantities(Object.fromEntries(next.lines.map((l) => [l.id, String(l.quantity)])));
  };

  const load = useCallback(() => {
    api('GET /admin/orders/:id', { params: { id: orderId! }, lang })
      .then(show)
      .catch((error: unknown) => fail(error, 'admin.orders.loadError'));
  }, [api, orderId, lang, fail]);
  useEffect(load, [load]);

  /** A move of the order (confirm, ship, cancel): the call, given the order's id, and the message of its success. */
  async function act(move: (id: number) => Promise<Order>, success: string) {
    if (!order) return;
    setBusy(true);
    setMessage(null);
    try {
      show(await move(order.id));
      setMessage({ kind: 'success', text: t(success) });
    } catch (error) {
      fail(error, 'admin.orders.actionError');
    } finally {
      setBusy(false);
    }
  }

  function confirm(event: FormEvent) {
    event.preventDefault();
    if (!order) return;
    const lines = order.lines
      .map((l) => ({ id: l.id, quantity: Number(quantities[l.id] ?? l.quantity) }))
      .filter((l) => Number.isInteger(l.quantity) && l.quantity > 0);
    const changed = lines.length !== order.lines.length || lines.some((l) => order.lines.find((x) => x.id === l.id)?.quantity !== l.quantity);
    void act(
      (id) => api('POST /admin/orders/:id/confirm', { params: { id }, lang, body: { shipDate, ...(changed ? { lines } : {}) } }),
      'admin.orders.confirmed',
    );
  }

  async function csv() {
    if (!order || !token) return;
    try {
      await downloadFile('GET /admin/orders/:id.csv', { params: { id: order.id }, lang }, token);
    } catch (error) {
      fail(error, 'admin.orders.exportError');
    }
  }

  const company = order?.shop.company;
  const pending = order && order.status === 'submitted';
  const newTotal = order ? order.lines.reduce((sum, l) => sum + l.unitPrice * (Number(quantities[l.id] ?? l.quantity) || 0), 0) : 0;

  return (
    <div className="admin-page order-page">
      <p>
        <Link to="/admin/orders">{t('admin.orders.back')}</Link>
      </p>
      <h1 className="page-title">{order ? t('order.numbered', { number: order.number }) : t('pages.adminOrders')}</h1>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      {order && company && (
        <>
          <section aria-labelledby="shop-title" className="order-shop">
            <h2 id="shop-title" className="section-title section-title--small">
              {t('admin.orders.shopDetails')}
            </h2>
            <dl className="facts">
              <div>
                <dt>{t('company.companyName')}</dt>
                <dd>{company.companyName ?? '—'}</dd>
              </div>
              <div>
                <dt>{t('account.email')}</dt>
                <dd>{order.shop.email}</dd>
              </div>
              <div>
                <dt>{t('company.siret')}</dt>
                <dd>{company.siret ?? '—'}</dd>
              </div>
              <div>
                <dt>{t('company.vatNumber')}</dt>
                <dd>{company.vatNumber ?? '—'}</dd>
              </div>
              <div>
                <dt>{t('company.phone')}</dt>
                <dd>{company.phone ?? '—'}</dd>
              </div>
              <div>
                <dt>{t('company.billingAddress')}</dt>
                <dd className="pre-line">{company.billingAddress ?? '—'}</dd>
              </div>
              <div>
                <dt>{t('company.deliveryAddress')}</dt>
                <dd className="pre-line">{company.deliveryAddress ?? company.billingAddress ?? '—'}</dd>
              </div>
            </dl>
          </section>
          <OrderFacts order={order} owner />
          <OrderLinesTable order={order} />
          <p>
            <button type="button" className="button button--quiet" onClick={csv}>
              {t('admin.orders.csv')}
            </button>
          </p>

          {pending && (
            <form className="form order-action" onSubmit={confirm} aria-labelledby="confirm-title">
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
          )}

          {order.status === 'confirmed' && (
            <form
              className="form order-action"
              aria-labelledby="ship-title"
              onSubmit={(e) => {
                e.preventDefault();
                const body = {
                  ...(carrier.trim() ? { carrier } : {}),
                  ...(tracking.trim() ? { tracking } : {}),
                  ...(shipping.trim() ? { shipping: Number(shipping.replace(',', '.')) } : {}),
                };
                void act((id) => api('POST /admin/orders/:id/ship', { params: { id }, lang, body }), 'admin.orders.shipped');
              }}
            >
              <h2 id="ship-title" className="form__title">
                {t('admin.orders.shipTitle')}
              </h2>
              <div className="field">
                <label htmlFor="carrier">{t('admin.orders.carrierLabel')}</label>
                <input id="carrier" maxLength={80} value={carrier} disabled={busy} onChange={(e) => setCarrier(e.target.value)} />
              </div>
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
          )}

          <OrderInvoice order={order} onChange={load} />

          {(order.status === 'submitted' || order.status === 'confirmed' || (order.status === 'shipped' && order.invoice)) && (
            <form
              className="form order-action"
              aria-labelledby="cancel-title"
              onSubmit={(e) => {
                e.preventDefault();
                if (window.confirm(t('admin.orders.confirmCancel', { number: order.number })))
                  void act((id) => api('POST /admin/orders/:id/cancel', { params: { id }, lang, body: { reason } }), 'admin.orders.cancelled');
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
          )}
        </>
      )}
    </div>
  );
}
