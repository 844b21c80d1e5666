import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AdminSeason, Agent, OrderStatus, OrderSummary } from '@atelier/contract';
import { ORDER_STATUSES } from '@atelier/contract/pure';
import type { Route } from './+types/orders';
import { FormMessage } from '../../components/Field.tsx';
import { OrderSummaryTable } from '../../components/OrderView.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { SessionExpiredError, errorMessage } from '../../lib/api.ts';
import { downloadFile } from '../../lib/download.ts';
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
  const { api, token } = useSession();
  const navigate = useNavigate();
  const [tab, setTab] = useState<OrderStatus>('submitted');
  const [orders, setOrders] = useState<OrderSummary[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [period, setPeriod] = useState({ from: monthStart(), to: today() });
  const [seasons, setSeasons] = useState<AdminSeason[]>([]);
  const [filter, setFilter] = useState({ season: '', delivery: '', channel: '', agent: '' });
  const [agents, setAgents] = useState<Agent[]>([]);
  const chosen = seasons.find((s) => s.code === filter.season);

  const fail = useCallback(
    (error: unknown, key: string) => {
      if (error instanceof SessionExpiredError) return void navigate('/login', { replace: true });
      setMessage(errorMessage(error, t(key)));
    },
    [navigate, t],
  );

  useEffect(() => {
    setOrders(null);
    api('GET /admin/orders', {
      query: { status: tab, season: filter.season || undefined, delivery: filter.delivery || undefined, channel: (filter.channel || undefined) as 'portal' | 'showroom' | undefined, agent: filter.agent || undefined },
      lang,
    })
      .then((res) => setOrders(res.data))
      .catch((error: unknown) => fail(error, 'admin.orders.loadError'));
  }, [api, tab, fail, lang, filter]);
  useEffect(() => {
    api('GET /admin/seasons')
      .then((res) => setSeasons(res.data))
      .catch(() => undefined);
    api('GET /admin/agents')
      .then((res) => setAgents(res.data))
      .catch(() => undefined);
  }, [api]);
  const name = (list: Array<{ locale: string; name: string }>) => list.find((x) => x.locale === lang)?.name ?? list[0]?.name ?? '';

  async function exportPeriod() {
    if (!token) return;
    try {
      await downloadFile('GET /admin/orders.csv', { query: { from: period.from, to: period.to }, lang }, token);
    } catch (error) {
      fail(error, 'admin.orders.exportError');
    }
  }

  return (
    <div className="admin-page">
      <h1 className="page-title">{t('pages.adminOrders')}</h1>
      {message && <FormMessage kind="error">{message}</FormMessage>}
      <div className="stock-tools" data-testid="order-channel-filters">
        <div className="field">
          <label htmlFor="orders-channel">{t('admin.orders.channel')}</label>
          <select id="orders-channel" value={filter.channel} onChange={(e) => setFilter({ ...filter, channel: e.target.value, agent: e.target.value === 'portal' ? '' : filter.agent })}>
            <option value="">{t('admin.orders.allChannels')}</option>
            <option value="portal">{t('admin.orders.channels.portal')}</option>
            <option value="showroom">{t('admin.orders.channels.showroom')}</option>
          </select>
        </div>
        {agents.length > 0 && filter.channel !== 'portal' && (
          <div className="field">
            <label htmlFor="orders-agent">{t('admin.orders.agent')}</label>
            <select id="orders-agent" value={filter.agent} onChange={(e) => setFilter({ ...filter, agent: e.target.value })}>
              <option value="">{t('admin.orders.allAgents')}</option>
              {agents.map((a) => (
                <option key={a.id} value={String(a.userId)}>
                  {a.name}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      {seasons.length > 0 && (
        <div className="stock-tools" data-testid="order-filters">
          <div className="field">
            <label htmlFor="orders-season">{t('admin.orders.season')}</label>
            <select id="orders-season" value={filter.season} onChange={(e) => setFilter({ ...filter, season: e.target.value, delivery: '' })}>
              <option value="">{t('admin.orders.allSeasons')}</option>
              {seasons.map((s) => (
                <option key={s.id} value={s.code}>
                  {s.code} · {name(s.translations)}
                </option>
              ))}
            </select>
          </div>
          {chosen && (
            <div className="field">
              <label htmlFor="orders-delivery">{t('admin.orders.delivery')}</label>
              <select id="orders-delivery" value={filter.delivery} onChange={(e) => setFilter({ ...filter, delivery: e.target.value })}>
                <option value="">{t('admin.orders.allDeliveries')}</option>
                {chosen.deliveries.map((d) => (
                  <option key={d.id} value={String(d.id)}>
                    {name(d.translations)}
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
      )}
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
          <OrderSummaryTable orders={orders} linkBase="/admin/orders" label={t('pages.adminOrders')} showRetailer testId="admin-order-row" />
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
