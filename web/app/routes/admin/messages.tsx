import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ContactMessage } from '@atelier/contract';
import { LIST_LIMIT_DEFAULT } from '@atelier/contract/pure';
import type { Route } from './+types/messages';
import { FormMessage } from '../../components/Field.tsx';
import { ListCount, ListSearch, Pager, useListParams } from '../../components/ListNav.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { SessionExpiredError, errorMessage } from '../../lib/api.ts';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useSession } from '../../lib/session.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminMessages', noindex: true });

type Page = { data: ContactMessage[]; total: number; limit: number };

/**
 * The messages visitors sent through the contact form (issue 43): kept as well as mailed to the label,
 * newest first, a page at a time, found by name, e-mail or words; each answered from her mail client.
 */
export default function AdminMessages() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const navigate = useNavigate();
  const { values, page, set } = useListParams([] as const);
  const q = values.q;
  const [messages, setMessages] = useState<Page | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setError(null);
    api('GET /admin/messages', { query: { q: q || undefined, page: page > 1 ? String(page) : undefined } })
      .then(setMessages)
      .catch((e: unknown) => {
        if (e instanceof SessionExpiredError) return void navigate('/login', { replace: true });
        setError(errorMessage(e, t('admin.messages.loadError')));
      });
  }, [api, q, page, navigate, t]);

  const dateTime = (iso: string) =>
    new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    <div className="admin-page">
      <h1 className="page-title">{t('pages.adminMessages')}</h1>
      <p className="lead">{t('admin.messages.intro')}</p>
      <div className="list-tools">
        <ListSearch id="messages-search" label={t('admin.messages.search')} value={q} onSearch={(text) => set({ q: text })} />
        <ListCount total={messages?.total ?? null} label={(count) => t('admin.messages.count', { count })} />
      </div>
      {error && <FormMessage kind="error">{error}</FormMessage>}
      {!messages && !error && <p role="status">{t('common.loading')}</p>}
      {messages && messages.data.length === 0 && <p>{q ? t('admin.messages.noMatch') : t('admin.messages.empty')}</p>}
      {messages && messages.data.length > 0 && (
        <ul className="admin-cards">
          {messages.data.map((m) => (
            <li key={m.id} className="admin-card admin-card--column" data-testid="contact-message">
              <div className="admin-card__body">
                <strong className="admin-card__title">{m.name}</strong>
                <span className="admin-card__meta">
                  <a href={`mailto:${encodeURIComponent(m.email).replace('%40', '@')}?subject=${encodeURIComponent(t('admin.messages.replySubject'))}`}>
                    {m.email}
                  </a>{' '}
                  · <time dateTime={m.createdAt}>{dateTime(m.createdAt)}</time> · {t(`admin.messages.locales.${m.locale}`)}
                </span>
                <p className="contact-message__text" lang={m.locale}>
                  {m.message}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {messages && <Pager page={page} total={messages.total} limit={messages.limit || LIST_LIMIT_DEFAULT} label={t('admin.messages.pages')} />}
    </div>
  );
}
