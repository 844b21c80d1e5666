import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { useNavigate } from 'react-router';
import type { Application, ApplicationStatus } from '@atelier/contract';
import { LIST_LIMIT_DEFAULT } from '@atelier/contract/pure';
import { ListCount, ListSearch, Pager, useListParams } from '../../components/ListNav.tsx';
import type { Route } from './+types/retailers';
import { FormMessage } from '../../components/Field.tsx';
import { SessionExpiredError } from '../../lib/api.ts';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useScreenMessage } from '../../lib/screen-message.ts';
import { useSession } from '../../lib/session.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminRetailers', noindex: true });

/** §2: medium date and short time, in the fr-FR or en-US locale. */
function formatDateTime(iso: string, lang: 'fr' | 'en') {
  return new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** One application: the shop and its details, when it came and was accepted, the catalogue, the message, and what can be done. */
function ApplicationCard({ item, busy, onAccept, onDelete }: { item: Application; busy: boolean; onAccept: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const dash = t('admin.retailers.none');
  return (
    <li className="application-card" data-testid="application-card">
      <h2 className="application-card__title">
        {item.name}
        {item.company ? ` · ${item.company}` : ''}
      </h2>
      <dl className="application-card__facts">
        <div>
          <dt>{t('forms.email')}</dt>
          <dd>{item.email}</dd>
        </div>
        <div>
          <dt>{t('forms.siret')}</dt>
          <dd>{item.siret ?? dash}</dd>
        </div>
        <div>
          <dt>{t('forms.phone')}</dt>
          <dd>{item.phone ?? dash}</dd>
        </div>
        <div>
          <dt>{t('forms.shopType')}</dt>
          <dd>{item.shopType ?? dash}</dd>
        </div>
        <div>
          <dt>{t('admin.retailers.receivedAt')}</dt>
          <dd>{formatDateTime(item.createdAt, lang)}</dd>
        </div>
        <div>
          <dt>{t('admin.retailers.consentAt')}</dt>
          <dd>{formatDateTime(item.consentAt, lang)}</dd>
        </div>
        <div>
          <dt>{t('admin.retailers.language')}</dt>
          <dd>{t(`language.${item.locale}`)}</dd>
        </div>
        {item.acceptedAt && (
          <div>
            <dt>{t('admin.retailers.acceptedAt')}</dt>
            <dd>{formatDateTime(item.acceptedAt, lang)}</dd>
          </div>
        )}
        {item.acceptedBy && (
          <div>
            <dt>{t('admin.retailers.acceptedBy')}</dt>
            <dd>{item.acceptedBy.email}</dd>
          </div>
        )}
        {item.retailerEmail && (
          <div>
            <dt>{t('admin.retailers.account')}</dt>
            <dd>{item.retailerEmail}</dd>
          </div>
        )}
      </dl>
      <p className="application-card__catalog">{item.catalogOptIn ? t('admin.retailers.catalogYes') : t('admin.retailers.catalogNo')}</p>
      {item.status === 'accepted' && (
        <p className="application-card__catalog" data-testid="catalog-sent">
          {item.catalogSentAt ? t('admin.retailers.catalogSent') : t('admin.retailers.catalogNotSent')}
        </p>
      )}
      <p className="application-card__message">{item.message}</p>
      <div className="admin-card__actions">
        {item.status === 'pending' && (
          <button type="button" className="button" disabled={busy} aria-label={t('admin.retailers.acceptNamed', { name: item.name })} onClick={onAccept}>
            {t('admin.retailers.accept')}
          </button>
        )}
        <button
          type="button"
          className="button button--quiet button--danger"
          disabled={busy}
          aria-label={t('admin.retailers.deleteNamed', { name: item.name })}
          onClick={onDelete}
        >
          {t('admin.retailers.delete')}
        </button>
      </div>
    </li>
  );
}

/** The applications waiting and those accepted, as tabs. */
function ApplicationTabs({ tab, onChoose }: { tab: ApplicationStatus; onChoose: (status: ApplicationStatus) => void }) {
  const { t } = useTranslation();
  return (
    <div role="tablist" aria-label={t('admin.retailers.tabs')} className="tabs">
      {(['pending', 'accepted'] as const).map((status) => (
        <button
          key={status}
          type="button"
          role="tab"
          id={`tab-${status}`}
          aria-selected={tab === status}
          aria-controls="applications-panel"
          className="tab"
          onClick={() => onChoose(status)}
        >
          {t(`admin.retailers.${status}`)}
        </button>
      ))}
    </div>
  );
}

export default function AdminRetailers() {
  const { t } = useTranslation();
  const { api } = useSession();
  const navigate = useNavigate();
  // The tab (pending by default), the search and the page live in the address (issue 43).
  const { values, page, set } = useListParams(['status'] as const);
  const tab: ApplicationStatus = values.status === 'accepted' ? 'accepted' : 'pending';
  const q = values.q;
  const [items, setItems] = useState<Application[] | null>(null);
  const [total, setTotal] = useState<{ total: number; limit: number } | null>(null);
  const { message, setMessage, fail } = useScreenMessage();
  const [busy, setBusy] = useState<number | null>(null);

  const load = useCallback(
    async (status: ApplicationStatus) => {
      try {
        const res = await api('GET /admin/retailers/applications', { query: { status, q: q || undefined, page: page > 1 ? String(page) : undefined } });
        setItems(res.data);
        setTotal({ total: res.total, limit: res.limit });
      } catch (error) {
        setItems([]);
        fail(error, 'admin.retailers.loadError');
      }
    },
    [api, fail, q, page],
  );

  useEffect(() => {
    setItems(null);
    void load(tab);
  }, [tab, load]);

  async function accept(item: Application) {
    setBusy(item.id);
    try {
      await api('POST /admin/retailers/applications/:id/accept', { params: { id: item.id } });
      setMessage({ kind: 'success', text: t('admin.retailers.acceptSuccess') });
      await load(tab);
    } catch (error) {
      // §8: the accept failure always shows its own banner.
      if (error instanceof SessionExpiredError) return void navigate('/login', { replace: true });
      setMessage({ kind: 'error', text: t('admin.retailers.acceptError') });
    } finally {
      setBusy(null);
    }
  }

  async function remove(item: Application) {
    if (!window.confirm(t('admin.retailers.confirmDelete', { name: item.name }))) return;
    setBusy(item.id);
    try {
      await api('DELETE /admin/retailers/applications/:id', { params: { id: item.id } });
      setMessage({ kind: 'success', text: t('admin.retailers.deleteSuccess') });
      await load(tab);
    } catch (error) {
      fail(error, 'admin.retailers.deleteError');
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="admin-page">
      <h1 className="page-title">{t('pages.adminRetailers')}</h1>
      <div className="list-tools">
        <ListSearch id="applications-search" label={t('admin.retailers.search')} value={q} onSearch={(text) => set({ q: text })} />
        <ListCount total={total?.total ?? null} label={(count) => t('admin.retailers.count', { count })} />
      </div>
      <ApplicationTabs
        tab={tab}
        onChoose={(status) => {
          set({ status: status === 'pending' ? '' : status });
          // §2: changing tab clears the messages.
          setMessage(null);
        }}
      />
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      <div role="tabpanel" id="applications-panel" aria-labelledby={`tab-${tab}`}>
        {!items && <p role="status">{t('common.loading')}</p>}
        {items && items.length === 0 && <p>{q ? t('admin.retailers.noMatch') : t('admin.retailers.empty')}</p>}
        {items && items.length > 0 && (
          <ul className="admin-cards">
            {items.map((item) => (
              <ApplicationCard key={item.id} item={item} busy={busy === item.id} onAccept={() => void accept(item)} onDelete={() => void remove(item)} />
            ))}
          </ul>
        )}
        {total && <Pager page={page} total={total.total} limit={total.limit || LIST_LIMIT_DEFAULT} label={t('admin.retailers.pages')} />}
      </div>
    </div>
  );
}
