import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Order } from '@atelier/contract';
import type { Route } from './+types/detail';
import { FormMessage } from '../../components/Field.tsx';
import { RequireRole } from '../../components/Guard.tsx';
import { InvoiceStatusBadge } from '../../components/InvoiceView.tsx';
import { InvoiceDownload } from '../../components/InvoiceDownload.tsx';
import { OrderFacts, OrderLinesTable } from '../../components/OrderView.tsx';
import { OrderShipments } from '../../components/OrderShipments.tsx';
import { ParcelDocuments } from '../../components/ParcelDocuments.tsx';
import { OrderReturns } from '../../components/OrderReturns.tsx';
import { OrderChangeRequest } from '../../components/OrderChanges.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { SessionExpiredError, errorMessage } from '../../lib/api.ts';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { announceDraft } from '../../lib/order-draft.ts';
import { useSession } from '../../lib/session.tsx';
import { useAgainSoon } from '../../lib/again-soon.ts';

type Say = (message: { kind: 'success' | 'error'; text: string }) => void;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'order.orderTitle', noindex: true });

function OrderScreen() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api, user } = useSession();
  // An accounts person of a company reads orders but orders nothing (issue 46): no reorder, cancel or return.
  const orders = user?.company?.role !== 'accounts';
  const navigate = useNavigate();
  const { orderId } = useParams();
  const [search] = useSearchParams();
  const [order, setOrder] = useState<Order | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(
    search.get('sent') ? { kind: 'success', text: t('order.sent') } : null,
  );

  const fail = useCallback(
    (error: unknown, fallback: string) => {
      if (error instanceof SessionExpiredError) return void navigate('/login', { replace: true });
      setMessage({ kind: 'error', text: errorMessage(error, t(fallback)) });
    },
    [navigate, t],
  );

  const load = useCallback(() => {
    if (!/^\d{1,10}$/.test(orderId ?? '')) return void setMessage({ kind: 'error', text: t('order.notFound') });
    api('GET /orders/:id', { params: { id: orderId! }, lang })
      .then(setOrder)
      .catch((error: unknown) => fail(error, 'order.notFound'));
  }, [api, orderId, lang, fail, t]);
  useEffect(load, [load]);
  useAgainSoon(order?.shipments?.some((s) => s.invoicePending) ?? false, load);

  async function cancel() {
    if (!order || !window.confirm(t('order.confirmCancel', { number: order.number }))) return;
    setBusy(true);
    try {
      setOrder(await api('POST /orders/:id/cancel', { params: { id: order.id }, lang }));
      setMessage({ kind: 'success', text: t('order.cancelled') });
    } catch (error) {
      fail(error, 'order.cancelError');
    } finally {
      setBusy(false);
    }
  }

  async function again() {
    if (!order) return;
    setBusy(true);
    try {
      const result = await api('POST /orders/:id/reorder', { params: { id: order.id }, lang });
      announceDraft(result.draft);
      const left = result.skipped.map((s) => `${s.productTitle} (${s.colorName}, ${s.size === 'ONESIZE' ? t('order.oneSize') : s.size})`).join(', ');
      setMessage({ kind: 'success', text: left ? `${t('order.againDone')} ${t('order.againSkipped', { lines: left })}` : t('order.againDone') });
    } catch (error) {
      fail(error, 'order.againError');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="page page--narrow order-page">
      <h1 className="page-title">{order ? t('order.numbered', { number: order.number }) : t('order.orderTitle')}</h1>
      <p>
        <Link to="/account/orders">{t('order.myOrders')}</Link> · <Link to="/account/order">{t('order.draftTitle')}</Link>
      </p>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      {order && (
        <>
          <OrderFacts order={order} />
          <OrderLinesTable order={order} />
          <OrderShipments
            order={order}
            documents={(s) => <ParcelDocuments orderId={order.id} shipment={s} onError={(e) => fail(e, 'invoices.downloadError')} />}
          />
          {order.invoice && (
            <p data-testid="order-invoice">
              {t('invoices.orderInvoice', { number: order.invoice.number })} <InvoiceStatusBadge status={order.invoice.status} />{' '}
              <InvoiceDownload invoice={order.invoice} short onError={(e) => fail(e, 'invoices.downloadError')} />{' '}
              <Link to="/account/invoices">{t('invoices.link')}</Link>
            </p>
          )}
          {orders && <OrderAfterwards order={order} reload={load} fail={fail} say={setMessage} />}
          {orders && (
            <div className="order-actions">
              <button type="button" className="button" disabled={busy} onClick={again}>
                {t('order.again')}
              </button>
              {order.status === 'submitted' && (
                <button type="button" className="button button--quiet" disabled={busy} onClick={cancel}>
                  {t('order.cancel')}
                </button>
              )}
            </div>
          )}
        </>
      )}
    </div>
  );
}

/** What a shop can still ask of a sent order: a change (issue 57), a return of a parcel (issue 45). */
function OrderAfterwards({ order, reload, fail, say }: { order: Order; reload: () => void; fail: (error: unknown, key: string) => void; say: Say }) {
  return (
    <>
      <OrderChangeRequest order={order} onOrder={reload} fail={fail} say={say} />
      <OrderReturns order={order} fail={fail} done={(text) => say({ kind: 'success', text })} />
    </>
  );
}

export default function OrderRoute() {
  return (
    <RequireRole roles={['retailer']}>
      <OrderScreen />
    </RequireRole>
  );
}
