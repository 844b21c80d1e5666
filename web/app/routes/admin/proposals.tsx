import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { AdminProposalList, ProposalStatus } from '@atelier/contract';
import { LIST_LIMIT_DEFAULT, formatDay } from '@atelier/contract/pure';
import type { Route } from './+types/proposals';
import { FormMessage } from '../../components/Field.tsx';
import { StatusTabs } from '../../components/StatusTabs.tsx';
import { ListCount, ListSearch, Pager, useListParams } from '../../components/ListNav.tsx';
import { ProposalForm } from '../../components/admin/ProposalForm.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminProposals', noindex: true });

const TABS = ['open', 'sent', 'declined', 'expired', 'all'] as const;

/** Orders the owner writes for shops (issue 57): the form, then the proposals by status, searched by shop, a page at a time. */
export default function AdminProposals() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const { values, page, set } = useListParams(['status'] as const);
  const tab = (TABS as readonly string[]).includes(values.status) ? (values.status as (typeof TABS)[number]) : 'open';
  const [list, setList] = useState<AdminProposalList | null>(null);
  const { message, fail, setMessage } = useScreenMessage();
  const load = useCallback(() => {
    setList(null);
    api('GET /admin/proposals', {
      query: { status: tab === 'all' ? undefined : (tab as ProposalStatus), q: values.q || undefined, page: page > 1 ? String(page) : undefined },
      lang,
    })
      .then(setList)
      .catch((error: unknown) => fail(error, 'admin.proposals.loadError'));
  }, [api, tab, values.q, page, lang, fail]);
  useEffect(load, [load]);
  return (
    <div className="admin-page">
      <h1 className="page-title">{t('pages.adminProposals')}</h1>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      <ProposalForm
        fail={fail}
        onWritten={() => {
          setMessage({ kind: 'success', text: t('admin.proposals.written') });
          load();
        }}
      />
      <div className="list-tools">
        <ListSearch id="proposals-search" label={t('admin.proposals.search')} value={values.q} onSearch={(q) => set({ q })} />
        <ListCount total={list?.total ?? null} label={(count) => t('admin.proposals.count', { count })} />
      </div>
      <StatusTabs
        tabs={TABS}
        current={tab}
        label={t('admin.proposals.tabs')}
        panelId="proposals-panel"
        name={(status) => (status === 'all' ? t('admin.orders.all') : t(`proposals.status.${status}`))}
        onPick={(status) => set({ status })}
      />
      <div role="tabpanel" id="proposals-panel" aria-labelledby={`tab-${tab}`}>
        {list === null ? (
          <p role="status">{t('common.loading')}</p>
        ) : list.data.length === 0 ? (
          <p>{t('admin.proposals.empty')}</p>
        ) : (
          <div className="table-scroll" role="region" aria-label={t('pages.adminProposals')} tabIndex={0}>
            <table className="order-table">
              <thead>
                <tr>
                  <th scope="col">{t('order.shop')}</th>
                  <th scope="col">{t('order.date')}</th>
                  <th scope="col">{t('admin.proposals.until')}</th>
                  <th scope="col">{t('order.statusLabel')}</th>
                  <th scope="col" className="num">
                    {t('admin.proposals.pieces')}
                  </th>
                  <th scope="col">{t('admin.proposals.order')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((p) => (
                  <tr key={p.id} data-testid="proposal-row">
                    <td>
                      <Link to={`/admin/companies/${p.company.id}`}>{p.company.name}</Link>
                    </td>
                    <td className="nowrap">{formatDay(p.createdAt.slice(0, 10), lang)}</td>
                    <td className="nowrap">{formatDay(p.expiresOn, lang)}</td>
                    <td>{t(`proposals.status.${p.status}`)}</td>
                    <td className="num">{p.pieces}</td>
                    <td className="nowrap">{p.order ? <Link to={`/admin/orders/${p.order.id}`}>{p.order.number}</Link> : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {list && <Pager page={page} total={list.total} limit={list.limit || LIST_LIMIT_DEFAULT} label={t('admin.proposals.pages')} />}
      </div>
    </div>
  );
}
