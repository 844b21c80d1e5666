import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { ReturnList, ReturnStatus } from '@atelier/contract';
import { LIST_LIMIT_DEFAULT } from '@atelier/contract/pure';
import type { Route } from './+types/returns';
import { FormMessage } from '../../components/Field.tsx';
import { StatusTabs } from '../../components/StatusTabs.tsx';
import { ListCount, ListSearch, Pager, useListParams } from '../../components/ListNav.tsx';
import { formatDateTime } from '../../components/OrderView.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminReturns', noindex: true });

const TABS = ['requested', 'accepted', 'received', 'refused', 'all'] as const;

/** The shops' returns (issue 45), newest first, by status (asked first), searched by number, order or shop, a page at a time. */
export default function AdminReturns() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const { values, page, set } = useListParams(['status'] as const);
  const tab = (TABS as readonly string[]).includes(values.status) ? (values.status as (typeof TABS)[number]) : 'requested';
  const [list, setList] = useState<ReturnList | null>(null);
  const { message, fail } = useScreenMessage();
  useEffect(() => {
    setList(null);
    api('GET /admin/returns', {
      query: { status: tab === 'all' ? undefined : (tab as ReturnStatus), q: values.q || undefined, page: page > 1 ? String(page) : undefined },
      lang,
    })
      .then(setList)
      .catch((error: unknown) => fail(error, 'admin.returns.loadError'));
  }, [api, tab, values.q, page, lang, fail]);
  return (
    <div className="admin-page">
      <h1 className="page-title">{t('pages.adminReturns')}</h1>
      {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
      <div className="list-tools">
        <ListSearch id="returns-search" label={t('admin.returns.search')} value={values.q} onSearch={(q) => set({ q })} />
        <ListCount total={list?.total ?? null} label={(count) => t('admin.returns.count', { count })} />
      </div>
      <StatusTabs
        tabs={TABS}
        current={tab}
        label={t('admin.returns.tabs')}
        panelId="returns-panel"
        name={(status) => (status === 'all' ? t('admin.orders.all') : t(`returns.status.${status}`))}
        onPick={(status) => set({ status })}
      />
      <div role="tabpanel" id="returns-panel" aria-labelledby={`tab-${tab}`}>
        {list === null ? (
          <p role="status">{t('common.loading')}</p>
        ) : list.data.length === 0 ? (
          <p>{t('admin.returns.empty')}</p>
        ) : (
          <div className="table-scroll" role="region" aria-label={t('pages.adminReturns')} tabIndex={0}>
            <table className="order-table">
              <thead>
                <tr>
                  <th scope="col">{t('returns.number')}</th>
                  <th scope="col">{t('order.shop')}</th>
                  <th scope="col">{t('order.number')}</th>
                  <th scope="col">{t('order.date')}</th>
                  <th scope="col">{t('order.statusLabel')}</th>
                  <th scope="col" className="num">
                    {t('order.pieces')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((r) => (
                  <tr key={r.id} data-testid="return-row">
                    <td className="nowrap">
                      <Link to={`/admin/returns/${r.id}`}>{r.number}</Link>
                    </td>
                    <td>{r.shop}</td>
                    <td className="nowrap">
                      <Link to={`/admin/orders/${r.order.id}`}>{r.order.number}</Link>
                    </td>
                    <td className="nowrap">{formatDateTime(r.requestedAt, lang)}</td>
                    <td>
                      <span className={`status-badge status-badge--${r.status}`}>{t(`returns.status.${r.status}`)}</span>
                    </td>
                    <td className="num">{r.pieces}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {list && <Pager page={page} total={list.total} limit={list.limit || LIST_LIMIT_DEFAULT} label={t('admin.returns.pages')} />}
      </div>
    </div>
  );
}
