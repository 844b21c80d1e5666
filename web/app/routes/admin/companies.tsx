import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { CompanySummary } from '@atelier/contract';
import { LIST_LIMIT_DEFAULT } from '@atelier/contract/pure';
import type { Route } from './+types/companies';
import { FormMessage } from '../../components/Field.tsx';
import { ListCount, ListSearch, Pager, useListParams } from '../../components/ListNav.tsx';
import { formatDateTime } from '../../components/OrderView.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminCompanies', noindex: true });

type CompanyPage = { data: CompanySummary[]; total: number; limit: number };

/** The shops as companies (issue 46), by name, searched by name, a person's e-mail, SIRET or a door's town, a page at a time. */
export default function AdminCompanies() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const { values, page, set } = useListParams([] as const);
  const [list, setList] = useState<CompanyPage | null>(null);
  const { message, fail } = useScreenMessage();
  useEffect(() => {
    setList(null);
    api('GET /admin/companies', { query: { q: values.q || undefined, page: page > 1 ? String(page) : undefined } })
      .then(setList)
      .catch((error: unknown) => fail(error, 'admin.companies.loadError'));
  }, [api, values.q, page, fail]);
  return (
    <div className="admin-page">
      <h1 className="page-title">{t('pages.adminCompanies')}</h1>
      {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
      <div className="list-tools">
        <ListSearch id="companies-search" label={t('admin.companies.search')} value={values.q} onSearch={(q) => set({ q })} />
        <ListCount total={list?.total ?? null} label={(count) => t('admin.companies.count', { count })} />
      </div>
      {list === null ? (
        <p role="status">{t('common.loading')}</p>
      ) : list.data.length === 0 ? (
        <p>{t('admin.companies.empty')}</p>
      ) : (
        <div className="table-scroll" role="region" aria-label={t('pages.adminCompanies')} tabIndex={0}>
          <table className="order-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.companies.name')}</th>
                <th scope="col">{t('admin.companies.town')}</th>
                <th scope="col" className="num">
                  {t('admin.companies.people')}
                </th>
                <th scope="col" className="num">
                  {t('admin.companies.doors')}
                </th>
                <th scope="col">{t('admin.companies.since')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((c) => (
                <tr key={c.id} data-testid="company-row">
                  <td>
                    <Link to={`/admin/companies/${c.id}`}>{c.name}</Link>
                    <br />
                    <span className="order-table__taken">{c.email}</span>
                  </td>
                  <td>{c.town ?? '—'}</td>
                  <td className="num">{c.people}</td>
                  <td className="num">{c.doors}</td>
                  <td className="nowrap">{formatDateTime(c.createdAt, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list && <Pager page={page} total={list.total} limit={list.limit || LIST_LIMIT_DEFAULT} label={t('admin.companies.pages')} />}
    </div>
  );
}
