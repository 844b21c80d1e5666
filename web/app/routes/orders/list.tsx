import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { OrderSummary } from '@atelier/contract';
import { formatPrice } from '@atelier/contract/pure';
import type { Route } from './+types/list';
import { FormMessage } from '../../components/Field.tsx';
import { RequireRole } from '../../components/Guard.tsx';
import { StatusBadge, formatDateTime } from '../../components/OrderView.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { SessionExpiredError, errorMessage } from '../../lib/api.ts';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useSession } from '../../lib/session.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'order.myOrders', noindex: true });

function OrdersScreen() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { authRequest } = useSession();
  const navigate = useNavigate();
  const [orders, setOrders] = useState<OrderSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    authRequest<{ data: OrderSummary[] }>('/orders')
      .then((res) => setOrders(res.data))
      .catch((e: unknown) => {
        if (e instanceof SessionExpiredError) return void navigate('/login', { replace: true });
        setError(errorMessage(e, t('order.loadError')));
      });
  }, [authRequest, navigate, t]);

  return (
    <div className="page page--narrow order-page">
      <h1 className="page-title">{t('order.myOrders')}</h1>
      <p>
        <Link to="/account/order">{t('order.draftTitle')}</Link>
      </p>
      {error && <FormMessage kind="error">{error}</FormMessage>}
      {orders === null ? (
        !error && <p role="status">{t('common.loading')}</p>
      ) : orders.length === 0 ? (
        <p className="lead">{t('order.noOrders')}</p>
      ) : (
        <div className="table-scroll" role="region" aria-label={t('order.myOrders')} tabIndex={0}>
          <table className="order-table">
            <thead>
              <tr>
                <th scope="col">{t('order.number')}</th>
                <th scope="col">{t('order.date')}</th>
                <th scope="col">{t('order.statusLabel')}</th>
                <th scope="col" className="num">
                  {t('order.pieces')}
                </th>
                <th scope="col" className="num">
                  {t('order.totalLabel')}
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.id} data-testid="order-row">
                  <td>
                    <Link to={`/account/orders/${o.id}`}>{o.number}</Link>
                  </td>
                  <td>{formatDateTime(o.createdAt, lang)}</td>
                  <td>
                    <StatusBadge status={o.status} />
                  </td>
                  <td className="num">{o.pieces}</td>
                  <td className="num">{formatPrice(o.total, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export default function OrdersRoute() {
  return (
    <RequireRole roles={['retailer']}>
      <OrdersScreen />
    </RequireRole>
  );
}
