import { useCallback, useEffect, useState } from 'react';
import { LIST_LIMIT_DEFAULT } from '@atelier/contract/pure';
import { useNavigate } from 'react-router';
import type { AdminSeason, Agent, OrderList, OrderStatus } from '@atelier/contract';
import { ORDER_STATUSES } from '@atelier/contract/pure';
import type { Route } from './+types/orders';
import { FormMessage } from '../../components/Field.tsx';
import { StatusTabs } from '../../components/StatusTabs.tsx';
import { ListCount, ListSearch, Pager, useListParams } from '../../components/ListNav.tsx';
import { OrderSummaryTable } from '../../components/OrderView.tsx';
import { BulkShipping, useSelection } from '../../components/admin/BulkShipping.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { SessionExpiredError, errorMessage } from '../../lib/api.ts';
import { downloadFile } from '../../lib/download.ts';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useSession } from '../../lib/session.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminOrders', noindex: true });

const monthStart = () => `${new Date().toISOString().slice(0, 8)}01`;
const today = () => new Date().toISOString().slice(0, 10);

/** The orders' filters: channel and agent, season and delivery window (kept in the address). */
function OrderFilters({
  filter,
  set,
}: {
  filter: Record<(typeof FILTERS)[number], string>;
  set: (next: Partial<Record<(typeof FILTERS)[number], string>>) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const [seasons, setSeasons] = useState<AdminSeason[]>([]);
  const [agents, setAgents] = useState<Agent[]>([]);
  const chosen = seasons.find((s) => s.code === filter.season);
  useEffect(() => {
    api('GET /admin/seasons')
      .then((res) => setSeasons(res.data))
      .catch(() => undefined);
    api('GET /admin/agents')
      .then((res) => setAgents(res.data))
      .catch(() => undefined);
  }, [api]);
  const name = (list: Array<{ locale: string; name: string }>) => list.find((x) => x.locale === lang)?.name ?? list[0]?.name ?? '';

  // Inside the list's one line of tools (issue 56): each group's fields are the line's own items.
  return (
    <>
      <div className="list-tools__group" data-testid="order-channel-filters">
        <div className="field">
          <label htmlFor="orders-channel">{t('admin.orders.channel')}</label>
          <select
            id="orders-channel"
            value={filter.channel}
            onChange={(e) => set({ channel: e.target.value, agent: e.target.value === 'portal' ? '' : filter.agent })}
          >
            <option value="">{t('admin.orders.allChannels')}</option>
            <option value="portal">{t('admin.orders.channels.portal')}</option>
            <option value="showroom">{t('admin.orders.channels.showroom')}</option>
          </select>
        </div>
        {agents.length > 0 && filter.channel !== 'portal' && (
          <div className="field">
            <label htmlFor="orders-agent">{t('admin.orders.agent')}</label>
            <select id="orders-agent" value={filter.agent} onChange={(e) => set({ agent: e.target.value })}>
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
        <div className="list-tools__group" data-testid="order-filters">
          <div className="field">
            <label htmlFor="orders-season">{t('admin.orders.season')}</label>
            <select id="orders-season" value={filter.season} onChange={(e) => set({ season: e.target.value, delivery: '' })}>
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
              <select id="orders-delivery" value={filter.delivery} onChange={(e) => set({ delivery: e.target.value })}>
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
    </>
  );
}

/** A period's orders as a CSV file. */
function OrderExport({ fail }: { fail: (error: unknown, key: string) => void }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { token } = useSession();
  const [period, setPeriod] = useState({ from: monthStart(), to: today() });

  async function exportPeriod() {
    if (!token) return;
    try {
      await downloadFile('GET /admin/orders.csv', { query: { from: period.from, to: period.to }, lang }, token);
    } catch (error) {
      fail(error, 'admin.orders.exportError');
    }
  }

  return (
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
  );
}

const FILTERS = ['status', 'season', 'delivery', 'channel', 'agent', 'review'] as const;
const TABS = [...ORDER_STATUSES, 'all'] as const;

/**
 * Orders by status (submitted first, or all), each with shop, number, date, pieces and total, a page at a
 * time; a search; a period's CSV. The tab, the filters, the search and the page are in the address.
 */
export default function AdminOrders() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const navigate = useNavigate();
  const { values: filter, page, set } = useListParams(FILTERS);
  const tab: (typeof TABS)[number] = (TABS as readonly string[]).includes(filter.status) ? (filter.status as (typeof TABS)[number]) : 'submitted';
  const [orders, setOrders] = useState<OrderList | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const fail = useCallback(
    (error: unknown, key: string) => {
      if (error instanceof SessionExpiredError) return void navigate('/login', { replace: true });
      setMessage(errorMessage(error, t(key)));
    },
    [navigate, t],
  );

  const { season, delivery, channel, agent, review, q } = filter;
  // On the tabs of orders ready to ship, they can be ticked for a pick list or "Ship these" (issue 45).
  const ready = tab === 'confirmed' || tab === 'partlyShipped';
  const [reload, setReload] = useState(0);
  const selection = useSelection([tab, season, delivery, channel, agent, review, q, page, reload].join('|'));
  useEffect(() => {
    setOrders(null);
    api('GET /admin/orders', {
      query: {
        status: tab === 'all' ? undefined : (tab as OrderStatus),
        season: season || undefined,
        delivery: delivery || undefined,
        channel: (channel || undefined) as 'portal' | 'showroom' | undefined,
        agent: agent || undefined,
        // From the home's "orders in review" (issue 47).
        review: review === 'pending' ? ('pending' as const) : undefined,
        q: q || undefined,
        page: page > 1 ? String(page) : undefined,
      },
      lang,
    })
      .then((res) => setOrders(res))
      .catch((error: unknown) => fail(error, 'admin.orders.loadError'));
  }, [api, tab, fail, lang, season, delivery, channel, agent, review, q, page, reload]);

  return (
    <div className="admin-page">
      <h1 className="page-title">{t('pages.adminOrders')}</h1>
      {message && <FormMessage kind="error">{message}</FormMessage>}
      <div className="list-tools">
        <OrderFilters filter={filter} set={set} />
        <ListSearch id="orders-search" label={t('admin.orders.search')} value={q} onSearch={(text) => set({ q: text })} />
        <ListCount total={orders?.total ?? null} label={(count) => t('admin.orders.count', { count })} />
      </div>
      <StatusTabs
        tabs={TABS}
        current={tab}
        label={t('admin.orders.tabs')}
        panelId="orders-panel"
        name={(status) => (status === 'all' ? t('admin.orders.all') : t(`order.status.${status}`))}
        onPick={(status) => {
          setMessage(null);
          set({ status });
        }}
      />
      <div role="tabpanel" id="orders-panel" aria-labelledby={`tab-${tab}`}>
        {orders === null ? (
          <p role="status">{t('common.loading')}</p>
        ) : orders.data.length === 0 ? (
          <p>{q ? t('admin.orders.noMatch') : t('admin.orders.empty')}</p>
        ) : (
          <OrderSummaryTable
            orders={orders.data}
            linkBase="/admin/orders"
            label={t('pages.adminOrders')}
            showRetailer
            testId="admin-order-row"
            {...(ready ? { selection } : {})}
          />
        )}
        {orders && <Pager page={page} total={orders.total} limit={orders.limit || LIST_LIMIT_DEFAULT} label={t('admin.orders.pages')} />}
      </div>
      {ready && <BulkShipping selected={[...selection.selected]} delivery={delivery} onShipped={() => setReload((n) => n + 1)} fail={fail} />}
      <OrderExport fail={fail} />
    </div>
  );
}
