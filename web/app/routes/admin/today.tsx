import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AdminHome } from '@atelier/contract';
import { formatPrice } from '@atelier/contract/pure';
import type { Route } from './+types/today';
import { FormMessage } from '../../components/Field.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { SessionExpiredError, errorMessage } from '../../lib/api.ts';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useSession } from '../../lib/session.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminToday', noindex: true });

const today = () => new Date().toISOString().slice(0, 10);

/** Each line of the home: its count, the sentence it is in, and the list it opens. */
function lines(home: AdminHome): Array<{ key: string; count: number; to: string; extra?: number }> {
  return [
    { key: 'applications', count: home.applications, to: '/admin/retailers' },
    { key: 'toConfirm', count: home.toConfirm, to: '/admin/orders' },
    { key: 'inReview', count: home.inReview ?? 0, to: '/admin/orders?review=pending' },
    { key: 'orderChanges', count: home.orderChanges ?? 0, to: '/admin/order-changes' },
    { key: 'toShipThisWeek', count: home.toShipThisWeek, to: '/admin/orders?status=confirmed' },
    { key: 'invoicesWaiting', count: home.invoicesWaiting, to: '/admin/orders?status=shipped' },
    { key: 'overdue', count: home.overdue.count, to: `/admin/invoices?status=overdue&from=2000-01-01&to=${today()}`, extra: home.overdue.total },
    { key: 'platformRejected', count: home.platformRejected, to: '/admin/invoices' },
    { key: 'failingWebhooks', count: home.failingWebhooks, to: '/admin/webhooks' },
    { key: 'soldOutWithPreorders', count: home.soldOutWithPreorders, to: '/admin/stock' },
    { key: 'waitlist', count: home.waitlist?.shops ?? 0, to: '/admin/waitlists', extra: home.waitlist?.sizes ?? 0 },
    { key: 'bankToMatch', count: home.bankToMatch ?? 0, to: '/admin/bank' },
  ];
}

/** What waits for the owner today (issue 43): a line each, the count as the link to its list. */
export default function AdminToday() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const navigate = useNavigate();
  const [home, setHome] = useState<AdminHome | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api('GET /admin/home')
      .then(setHome)
      .catch((e: unknown) => {
        if (e instanceof SessionExpiredError) return void navigate('/login', { replace: true });
        setError(errorMessage(e, t('admin.today.loadError')));
      });
  }, [api, navigate, t]);

  const waiting = home ? lines(home).filter((l) => l.count > 0) : [];
  return (
    <div className="admin-page">
      <h1 className="page-title">{t('admin.today.title')}</h1>
      {error && <FormMessage kind="error">{error}</FormMessage>}
      {!home && !error && <p role="status">{t('common.loading')}</p>}
      {home && waiting.length === 0 && <p className="lead">{t('admin.today.nothing')}</p>}
      {home && waiting.length > 0 && (
        <ul className="today-list" data-testid="today-list">
          {waiting.map((line) => {
            // The count is the link; its name is the whole line, which the words beside it repeat for the eye.
            const words = t(`admin.today.lines.${line.key}`, { count: line.count, total: formatPrice(line.extra ?? 0, lang), sizes: line.extra ?? 0 });
            return (
              <li key={line.key} className="today-list__line">
                <Link to={line.to} className="today-list__count" aria-label={`${line.count} ${words}`}>
                  {line.count}
                </Link>
                <span aria-hidden="true">{words}</span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
