import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { AdminWaitlistList, WaitlistStatus } from '@atelier/contract';
import { LIST_LIMIT_DEFAULT, formatDay } from '@atelier/contract/pure';
import type { Route } from './+types/waitlists';
import { FormMessage } from '../../components/Field.tsx';
import { StatusTabs } from '../../components/StatusTabs.tsx';
import { ListCount, ListSearch, Pager, useListParams } from '../../components/ListNav.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminWaitlists', noindex: true });

const TABS = ['active', 'served', 'lapsed', 'left'] as const;

/** Who waits for which sold-out size, in turn (issue 58): by status, searched by shop, a page at a time. */
export default function AdminWaitlists() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const { values, page, set } = useListParams(['status', 'variant'] as const);
  const tab = (TABS as readonly string[]).includes(values.status) ? (values.status as (typeof TABS)[number]) : 'active';
  const [list, setList] = useState<AdminWaitlistList | null>(null);
  const { message, fail } = useScreenMessage();
  const load = useCallback(() => {
    setList(null);
    api('GET /admin/waitlists', {
      query: {
        status: tab as 'active' | WaitlistStatus,
        variant: values.variant ? Number(values.variant) : undefined,
        q: values.q || undefined,
        page: page > 1 ? String(page) : undefined,
      },
      lang,
    })
      .then(setList)
      .catch((error: unknown) => fail(error, 'admin.waitlists.loadError'));
  }, [api, tab, values.variant, values.q, page, lang, fail]);
  useEffect(load, [load]);
  return (
    <div className="admin-page">
      <h1 className="page-title">{t('pages.adminWaitlists')}</h1>
      <p className="lead">{t('admin.waitlists.intro')}</p>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      <div className="list-tools">
        <ListSearch id="waitlists-search" label={t('admin.waitlists.search')} value={values.q} onSearch={(q) => set({ q })} />
        <ListCount total={list?.total ?? null} label={(count) => t('admin.waitlists.count', { count })} />
      </div>
      <StatusTabs
        tabs={TABS}
        current={tab}
        label={t('admin.waitlists.tabs')}
        panelId="waitlists-panel"
        name={(status) => t(`admin.waitlists.status.${status}`)}
        onPick={(status) => set({ status })}
      />
      <div role="tabpanel" id="waitlists-panel" aria-labelledby={`tab-${tab}`}>
        {list === null ? (
          !message && <p role="status">{t('common.loading')}</p>
        ) : list.data.length === 0 ? (
          <p>{t('admin.waitlists.empty')}</p>
        ) : (
          <div className="table-scroll" role="region" aria-label={t('pages.adminWaitlists')} tabIndex={0}>
            <table className="order-table">
              <thead>
                <tr>
                  <th scope="col">{t('admin.waitlists.piece')}</th>
                  <th scope="col">{t('order.shop')}</th>
                  <th scope="col" className="num">
                    {t('admin.waitlists.quantity')}
                  </th>
                  <th scope="col" className="num">
                    {t('admin.waitlists.position')}
                  </th>
                  <th scope="col">{t('admin.waitlists.since')}</th>
                  <th scope="col">{t('admin.waitlists.offer')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((w) => (
                  <tr key={w.id} data-testid="waitlist-row">
                    <td>
                      {w.reference ? `${w.reference} · ` : ''}
                      {w.productTitle} — {w.colorName}, {w.size}
                    </td>
                    <td>
                      <Link to={`/admin/companies/${w.company.id}`}>{w.company.name}</Link>
                    </td>
                    <td className="num">{w.quantity}</td>
                    <td className="num">{w.position ?? '—'}</td>
                    <td className="nowrap">{formatDay(w.createdAt.slice(0, 10), lang)}</td>
                    <td>
                      {w.offer
                        ? w.offer.status === 'open'
                          ? t('admin.waitlists.offerUntil', { count: w.offer.quantity, date: formatDay(w.offer.expiresAt.slice(0, 10), lang) })
                          : t(`waitlist.offerStatus.${w.offer.status}`)
                        : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {list && <Pager page={page} total={list.total} limit={list.limit || LIST_LIMIT_DEFAULT} label={t('admin.waitlists.count', { count: list.total })} />}
      </div>
    </div>
  );
}
