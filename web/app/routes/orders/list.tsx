import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { OrderList } from '@atelier/contract';
import { LIST_LIMIT_DEFAULT } from '@atelier/contract/pure';
import type { Route } from './+types/list';
import { FormMessage } from '../../components/Field.tsx';
import { RequireRole } from '../../components/Guard.tsx';
import { OrderSummaryTable } from '../../components/OrderView.tsx';
import { Pager } from '../../components/ListNav.tsx';
import { CompanyOrderFilters } from '../../components/company/OrderFilters.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { SessionExpiredError, errorMessage } from '../../lib/api.ts';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useSession } from '../../lib/session.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'order.myOrders', noindex: true });

function OrdersScreen() {
  const { t } = useTranslation();
  const { api, user } = useSession();
  const navigate = useNavigate();
  const [orders, setOrders] = useState<OrderList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { lang } = useLanguage();
  const [params, setParams] = useSearchParams();
  const sent = Number(params.get('sent') ?? 0);
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const door = /^\d+$/.test(params.get('door') ?? '') ? params.get('door')! : '';
  const person = /^\d+$/.test(params.get('person') ?? '') ? params.get('person')! : '';
  const companyRole = user?.company?.role ?? 'admin';
  const filter = (next: { door: string; person: string }) => setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v !== '')), { replace: true });

  useEffect(() => {
    api('GET /orders', { lang, query: { page: page > 1 ? String(page) : undefined, door: door || undefined, person: person || undefined } })
      .then((res) => setOrders(res))
      .catch((e: unknown) => {
        if (e instanceof SessionExpiredError) return void navigate('/login', { replace: true });
        setError(errorMessage(e, t('order.loadError')));
      });
  }, [api, navigate, t, lang, page, door, person]);

  return (
    <div className="page page--narrow order-page">
      <h1 className="page-title">{t('order.myOrders')}</h1>
      <p className="account-links">
        {companyRole !== 'accounts' && <Link to="/account/order">{t('order.draftTitle')}</Link>}
        {companyRole !== 'buyer' && <Link to="/account/invoices">{t('invoices.link')}</Link>}
      </p>
      {companyRole !== 'buyer' && <CompanyOrderFilters door={door} person={person} onChange={filter} />}
      {sent > 1 && <FormMessage kind="success">{t('order.sentMany', { count: sent })}</FormMessage>}
      {error && <FormMessage kind="error">{error}</FormMessage>}
      {orders === null ? (
        !error && <p role="status">{t('common.loading')}</p>
      ) : orders.data.length === 0 ? (
        <p className="lead">{t('order.noOrders')}</p>
      ) : (
        <OrderSummaryTable orders={orders.data} linkBase="/account/orders" label={t('order.myOrders')} testId="order-row" />
      )}
      {orders && <Pager page={page} total={orders.total} limit={orders.limit || LIST_LIMIT_DEFAULT} label={t('order.pages')} />}
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
