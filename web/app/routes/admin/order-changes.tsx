import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { OrderChangeList, OrderChangeStatus } from '@atelier/contract';
import { LIST_LIMIT_DEFAULT } from '@atelier/contract/pure';
import type { Route } from './+types/order-changes';
import { FormMessage } from '../../components/Field.tsx';
import { StatusTabs } from '../../components/StatusTabs.tsx';
import { ListCount, ListSearch, Pager, useListParams } from '../../components/ListNav.tsx';
import { formatDateTime } from '../../components/OrderView.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminOrderChanges', noindex: true });

const TABS = ['pending', 'accepted', 'partlyAccepted', 'refused', 'withdrawn', 'all'] as const;

/** The changes shops asked of their orders (issue 57), newest first, by status (waiting first), searched by order or shop, a page at a time. */
export default function AdminOrderChanges() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const { values, page, set } = useListParams(['status'] as const);
  const tab = (TABS as readonly string[]).includes(values.status) ? (values.status as (typeof TABS)[number]) : 'pending';
  const [list, setList] = useState<OrderChangeList | null>(null);
  const { message, fail } = useScreenMessage();
  useEffect(() => {
    setList(null);
    api('GET /admin/order-changes', {
      query: { status: tab === 'all' ? undefined : (tab as OrderChangeStatus), q: values.q || undefined, page: page > 1 ? String(page) : undefined },
      lang,
    })
      .then(setList)
      .catch((error: unknown) => fail(error, 'admin.orderChanges.loadError'));
  }, [api, tab, values.q, page, lang, fail]);
  return (
    <div className="admin-page">
      <h1 className="page-title">{t('pages.adminOrderChanges')}</h1>
      {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
      <div className="list-tools">
        <ListSearch id="changes-search" label={t('admin.orderChanges.search')} value={values.q} onSearch={(q) => set({ q })} />
        <ListCount total={list?.total ?? null} label={(count) => t('admin.orderChanges.count', { count })} />
      </div>
      <StatusTabs
        tabs={TABS}
        current={tab}
        label={t('admin.orderChanges.tabs')}
        panelId="changes-panel"
        name={(status) => (status === 'all' ? t('admin.orders.all') : t(`orderChanges.status.${status}`))}
        onPick={(status) => set({ status })}
      />
      <div role="tabpanel" id="changes-panel" aria-labelledby={`tab-${tab}`}>
        {list === null ? (
          <p role="status">{t('common.loading')}</p>
        ) : list.data.length === 0 ? (
          <p>{t('admin.orderChanges.empty')}</p>
        ) : (
          <div className="table-scroll" role="region" aria-label={t('pages.adminOrderChanges')} tabIndex={0}>
            <table className="order-table">
              <thead>
                <tr>
                  <th scope="col">{t('order.number')}</th>
                  <th scope="col">{t('order.shop')}</th>
                  <th scope="col">{t('order.date')}</th>
                  <th scope="col">{t('admin.orderChanges.by')}</th>
                  <th scope="col">{t('order.statusLabel')}</th>
                  <th scope="col" className="num">
                    {t('admin.orderChanges.lines')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((c) => (
                  <tr key={c.id} data-testid="order-change-row">
                    <td className="nowrap">
                      <Link to={`/admin/orders/${c.orderId}`}>{c.orderNumber}</Link>
                    </td>
                    <td>{c.shop}</td>
                    <td className="nowrap">{formatDateTime(c.requestedAt, lang)}</td>
                    <td>{t(`orderChanges.by.${c.by}`)}</td>
                    <td>{t(`orderChanges.status.${c.status}`)}</td>
                    <td className="num">{c.lines}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {list && <Pager page={page} total={list.total} limit={list.limit || LIST_LIMIT_DEFAULT} label={t('admin.orderChanges.pages')} />}
      </div>
    </div>
  );
}
