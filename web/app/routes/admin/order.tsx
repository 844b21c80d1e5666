import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Order } from '@atelier/contract';

import type { Route } from './+types/order';
import { FormMessage } from '../../components/Field.tsx';
import { OrderInvoice } from '../../components/admin/OrderInvoice.tsx';
import { CancelForm, ConfirmForm, ShopDetails } from '../../components/admin/OrderMoves.tsx';
import { ReviewPanel } from '../../components/OrderReview.tsx';
import { OrderChangeDecision } from '../../components/OrderChanges.tsx';
import { ShippingMoves } from '../../components/admin/ShipForm.tsx';
import { OrderShipments } from '../../components/OrderShipments.tsx';
import { ParcelDocuments } from '../../components/ParcelDocuments.tsx';
import { OrderFacts, OrderLinesTable } from '../../components/OrderView.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { downloadFile } from '../../lib/download.ts';
import { useAgainSoon } from '../../lib/again-soon.ts';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';

const isShipped = (order: Order) => order.status === 'shipped' || order.status === 'partlyShipped';

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
  const show = (next: Order) => setOrder(next);

  const load = useCallback(() => {
    api('GET /admin/orders/:id', { params: { id: orderId! }, lang })
      .then(show)
      .catch((error: unknown) => fail(error, 'admin.orders.loadError'));
  }, [api, orderId, lang, fail]);
  useEffect(load, [load]);
  useAgainSoon(order?.shipments?.some((s) => s.invoicePending) ?? false, load);

  /** A move of the order (confirm, ship, cancel): the call, given the order's id, and the message of its success. */
  async function act(move: (id: number) => Promise<Order>, success: string | ((next: Order) => string)) {
    if (!order) return;
    setBusy(true);
    setMessage(null);
    try {
      const next = await move(order.id);
      show(next);
      setMessage({ kind: 'success', text: t(typeof success === 'string' ? success : success(next)) });
    } catch (error) {
      fail(error, 'admin.orders.actionError');
    } finally {
      setBusy(false);
    }
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

  return (
    <div className="admin-page order-page">
      <p>
        <Link to="/admin/orders">{t('admin.orders.back')}</Link>
      </p>
      <h1 className="page-title">{order ? t('order.numbered', { number: order.number }) : t('pages.adminOrders')}</h1>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      {order && company && (
        <>
          <ShopDetails order={order} />
          <OrderFacts order={order} owner />
          <OrderLinesTable order={order} />
          <p>
            <button type="button" className="button button--quiet" onClick={csv}>
              {t('admin.orders.csv')}
            </button>
          </p>

          <ReviewPanel
            order={order}
            busy={busy}
            onAccept={() =>
              void act((id) => api('POST /admin/orders/:id/review', { params: { id }, lang, body: { decision: 'accept' } }), 'admin.orders.reviewAccepted')
            }
          />
          {order.status === 'submitted' && order.review?.state !== 'pending' && (
            <ConfirmForm
              key={order.id}
              order={order}
              busy={busy}
              onConfirm={(body) => void act((id) => api('POST /admin/orders/:id/confirm', { params: { id }, lang, body }), 'admin.orders.confirmed')}
            />
          )}
          <OrderChangeDecision key={`changes-${order.pendingChange?.id ?? 0}`} order={order} onOrder={show} fail={fail} say={setMessage} />
          <OrderShipments
            order={order}
            documents={(shipment) => <ParcelDocuments orderId={order.id} shipment={shipment} owner onError={(e) => fail(e, 'admin.orders.exportError')} />}
          />
          <ShippingMoves order={order} busy={busy} act={act} />
          <OrderInvoice order={order} onChange={load} />

          {(order.status === 'submitted' || order.status === 'confirmed' || (isShipped(order) && (order.shipments ?? []).every((s) => s.invoice))) && (
            <CancelForm
              order={order}
              busy={busy}
              onCancel={(reason) =>
                void act((id) => api('POST /admin/orders/:id/cancel', { params: { id }, lang, body: { reason } }), 'admin.orders.cancelled')
              }
            />
          )}
        </>
      )}
    </div>
  );
}
