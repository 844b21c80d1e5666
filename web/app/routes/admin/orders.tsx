import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { OrderStatus, OrderSummary } from '@atelier/contract';
import { ORDER_STATUSES, formatPrice } from '@atelier/contract/pure';
import type { Route } from './+types/orders';
import { FormMessage } from '../../components/Field.tsx';
import { formatDateTime } from '../../components/OrderView.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { SessionExpiredError, apiDownload, errorMessage, saveBlob } from '../../lib/api.ts';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useSession } from '../../lib/session.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminOrders', noindex: true });

const monthStart = () => `${new Date().toISOString().slice(0, 8)}01`;
const today = () => new Date().toISOString().slice(0, 10);

/** Orders by status (submitted first), each with shop, number, date, pieces and total; a period's CSV. */
export default function AdminOrders() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { authRequest, token } = useSession();
  const navigate = useNavigate();
  const [tab, setTab] = useState<OrderStatus>('submitted');
  const [orders, setOrders] = useState<OrderSummary[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [period, setPeriod] = useState({ from: monthStart(), to: today() });

  const fail = useCallback(
    (error: unknown, key: string) => {
      if (error instanceof SessionExpiredError) return void navigate('/login', { replace: true });
      setMessage(errorMessage(error, t(key)));
    },
    [navigate, t],
  );

  useEffect(() => {
    setOrders(null);
    authRequest<{ data: OrderSummary[] }>(`/admin/orders?status=${tab}`)
      .then((res) => setOrders(res.data))
      .catch((error: unknown) => fail(error, 'admin.orders.loadError'));
  }, [authRequest, tab, fail]);

  async function exportPeriod() {
    if (!token) return;
    try {
      const { blob, filename } = await apiDownload(`/admin/orders.csv?from=${period.from}&to=${period.to}&lang=${lang}`, token);
      saveBlob(blob, filename);
    } catch (error) {
      fail(error, 'admin.orders.exportError');
    }
  }

  return (
    <div className="admin-page">
      <h1 className="page-title">{t('pages.adminOrders')}</h1>
      {message && <FormMessage kind="error">{message}</FormMessage>}
      <div role="tablist" aria-label={t('admin.orders.tabs')} className="tabs">
        {ORDER_STATUSES.map((status) => (
          <button
            key={status}
            role="tab"
            type="button"
            id={`tab-${status}`}
            aria-controls="orders-panel"
            aria-selected={tab === status}
            className="tab"
            onClick={() => {
              setMessage(null);
              setTab(status);
            }}
          >
            {t(`order.status.${status}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="orders-panel" aria-labelledby={`tab-${tab}`}>
        {orders === null ? (
          <p role="status">{t('common.loading')}</p>
        ) : orders.length === 0 ? (
          <p>{t('admin.orders.empty')}</p>
        ) : (
          <div className="table-scroll" role="region" aria-label={t('pages.adminOrders')} tabIndex={0}>
            <table className="order-table">
              <thead>
                <tr>
                  <th scope="col">{t('order.number')}</th>
                  <th scope="col">{t('admin.orders.shop')}</th>
                  <th scope="col">{t('order.date')}</th>
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
                  <tr key={o.id} data-testid="admin-order-row">
                    <td>
                      <Link to={`/admin/orders/${o.id}`}>{o.number}</Link>
                    </td>
                    <td>{o.shop}</td>
                    <td>{formatDateTime(o.createdAt, lang)}</td>
                    <td className="num">{o.pieces}</td>
                    <td className="num">{formatPrice(o.total, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <form
        className="export-form"
        onSubmit={(e) => {
          e.preventDefault();
          void exportPeriod();
        }}
      >
        <h2 className="form__title">{t('admin.orders.exportTitle')}</h2>
        <div className="export-form__fields">
          <div className="field">
            <label htmlFor="export-from">{t('admin.orders.from')}</label>
            <input id="export-from" type="date" required value={period.from} onChange={(e) => setPeriod({ ...period, from: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor="export-to">{t('admin.orders.to')}</label>
            <input id="export-to" type="date" required value={period.to} onChange={(e) => setPeriod({ ...period, to: e.target.value })} />
          </div>
        </div>
        <button type="submit" className="button button--quiet">
          {t('admin.orders.export')}
        </button>
      </form>
    </div>
  );
}
