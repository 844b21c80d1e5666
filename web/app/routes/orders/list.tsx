import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { OrderSummary } from '@atelier/contract';
import type { Route } from './+types/list';
import { FormMessage } from '../../components/Field.tsx';
import { RequireRole } from '../../components/Guard.tsx';
import { OrderSummaryTable } from '../../components/OrderView.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { SessionExpiredError, errorMessage } from '../../lib/api.ts';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useSession } from '../../lib/session.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'order.myOrders', noindex: true });

function OrdersScreen() {
  const { t } = useTranslation();
  const { api } = useSession();
  const navigate = useNavigate();
  const [orders, setOrders] = useState<OrderSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { lang } = useLanguage();
  const [params] = useSearchParams();
  const sent = Number(params.get('sent') ?? 0);

  useEffect(() => {
    api('GET /orders', { lang })
      .then((res) => setOrders(res.data))
      .catch((e: unknown) => {
        if (e instanceof SessionExpiredError) return void navigate('/login', { replace: true });
        setError(errorMessage(e, t('order.loadError')));
      });
  }, [api, navigate, t, lang]);

  return (
    <div className="page page--narrow order-page">
      <h1 className="page-title">{t('order.myOrders')}</h1>
      <p>
        <Link to="/account/order">{t('order.draftTitle')}</Link> · <Link to="/account/invoices">{t('invoices.link')}</Link>
      </p>
      {sent > 1 && <FormMessage kind="success">{t('order.sentMany', { count: sent })}</FormMessage>}
      {error && <FormMessage kind="error">{error}</FormMessage>}
      {orders === null ? (
        !error && <p role="status">{t('common.loading')}</p>
      ) : orders.length === 0 ? (
        <p className="lead">{t('order.noOrders')}</p>
      ) : (
        <OrderSummaryTable orders={orders} linkBase="/account/orders" label={t('order.myOrders')} testId="order-row" />
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
