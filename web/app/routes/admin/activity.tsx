import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { ActivityEntry, ActivityPage } from '@atelier/contract';
import { formatPrice } from '@atelier/contract/pure';
import { ACTIVITY_KINDS, type ActivityKind } from '@atelier/contract/vocabulary';
import type { Route } from './+types/activity';
import { FormMessage } from '../../components/Field.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { SessionExpiredError, errorMessage } from '../../lib/api.ts';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useSession } from '../../lib/session.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminActivity', noindex: true });

/** Where an entry's subject lives in the back-office, when it still can be opened. */
function subjectLink(entry: ActivityEntry): string | null {
  if (!entry.subjectId) return null;
  if (entry.kind === 'page') return `/admin/pages?page=${entry.subjectId}`;
  if (entry.kind === 'order') return `/admin/orders/${entry.subjectId}`;
  if ((entry.kind === 'product' || entry.kind === 'price' || (entry.kind === 'status' && !entry.detail?.post)) && entry.action !== 'delete')
    return `/admin/products?edit=${entry.subjectId}`;
  return null;
}

/** One entry of the journal: what was done to what (a link when it can still be opened), when and by whom. */
function ActivityItem({ entry }: { entry: ActivityEntry }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const dateTime = (iso: string) =>
    new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const describe = () => {
    const d = entry.detail ?? {};
    if (entry.kind === 'price') return t('admin.activity.priceChange', { from: formatPrice(Number(d.from), lang), to: formatPrice(Number(d.to), lang) });
    if (entry.kind === 'order') return t('admin.activity.orderMove', { from: t(`order.status.${String(d.from)}`), to: t(`order.status.${String(d.to)}`) });
    if (entry.kind === 'page') return t(`admin.pages.names.${entry.subject}`);
    if (entry.kind === 'section' && entry.action === 'delete' && Number(d.posts) > 0) return t('admin.activity.postsToo', { count: Number(d.posts) });
    return null;
  };
  const link = subjectLink(entry);
  const extra = describe();
  const subject = entry.kind === 'page' ? null : entry.subject;
  return (
    <li className="activity__entry" data-testid="activity-entry">
      <p className="activity__what">
        <strong>{t(`admin.activity.actions.${entry.kind}.${entry.action}`)}</strong>
        {subject && (
          <>
            {' · '}
            {link ? <Link to={link}>{subject}</Link> : <span>{subject}</span>}
          </>
        )}
        {extra && (
          <>
            {' · '}
            {link && !subject ? <Link to={link}>{extra}</Link> : <span>{extra}</span>}
          </>
        )}
      </p>
      <p className="activity__meta">
        <time dateTime={entry.at}>{dateTime(entry.at)}</time> · {entry.by ?? t('admin.activity.system')}
      </p>
    </li>
  );
}

export default function AdminActivity() {
  const { t } = useTranslation();
  const { api } = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const kind = (ACTIVITY_KINDS as readonly string[]).includes(params.get('kind') ?? '') ? (params.get('kind') as ActivityKind) : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [data, setData] = useState<ActivityPage | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setData(null);
    setError(null);
    api('GET /admin/activity', { query: { page: String(page), ...(kind ? { kind } : {}) } })
      .then(setData)
      .catch((e: unknown) => {
        if (e instanceof SessionExpiredError) return void navigate('/login', { replace: true });
        setError(errorMessage(e, t('admin.activity.loadError')));
      });
  }, [api, kind, page, navigate, t]);

  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const go = (next: { kind?: ActivityKind; page?: number }) => {
    const query: Record<string, string> = {};
    const k = 'kind' in next ? next.kind : kind;
    if (k) query.kind = k;
    if (next.page && next.page > 1) query.page = String(next.page);
    setParams(query);
  };

  return (
    <div className="admin-page">
      <h1 className="page-title">{t('pages.adminActivity')}</h1>
      <p className="lead">{t('admin.activity.intro')}</p>
      <div className="field activity__filter">
        <label htmlFor="activity-kind">{t('admin.activity.filter')}</label>
        <select id="activity-kind" value={kind ?? ''} onChange={(e) => go({ kind: (e.target.value || undefined) as ActivityKind | undefined, page: 1 })}>
          <option value="">{t('admin.activity.all')}</option>
          {ACTIVITY_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`admin.activity.kinds.${k}`)}
            </option>
          ))}
        </select>
      </div>
      {error && <FormMessage kind="error">{error}</FormMessage>}
      {!data && !error && <p role="status">{t('common.loading')}</p>}
      {data && data.data.length === 0 && <p>{t('admin.activity.empty')}</p>}
      {data && data.data.length > 0 && (
        <>
          <ol className="activity__list" aria-label={t('admin.activity.listLabel', { page, pages })}>
            {data.data.map((entry) => (
              <ActivityItem key={entry.id} entry={entry} />
            ))}
          </ol>
          <nav className="pager" aria-label={t('admin.activity.pager')}>
            <button type="button" className="button button--quiet" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
              {t('admin.activity.newer')}
            </button>
            <span>{t('admin.activity.pageOf', { page, pages })}</span>
            <button type="button" className="button button--quiet" disabled={page >= pages} onClick={() => go({ page: page + 1 })}>
              {t('admin.activity.older')}
            </button>
          </nav>
        </>
      )}
    </div>
  );
}
