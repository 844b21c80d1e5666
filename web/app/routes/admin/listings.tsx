import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AdminListing } from '@atelier/contract';
import { LIST_LIMIT_DEFAULT, missingLocale } from '@atelier/contract/pure';
import type { Route } from './+types/listings';
import { FormMessage } from '../../components/Field.tsx';
import { ListCount, Pager, useListParams } from '../../components/ListNav.tsx';
import { ListingForm } from '../../components/ListingForm.tsx';
import { MissingBadge } from '../../components/admin/Bilingual.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { SessionExpiredError, errorMessage } from '../../lib/api.ts';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useSession } from '../../lib/session.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminListings', noindex: true });

/** Every retailer's listing: the owner edits any of them and may hide one (her hide wins over the opt-in). */
export default function AdminListings() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const navigate = useNavigate();
  const [listings, setListings] = useState<AdminListing[] | null>(null);
  const [total, setTotal] = useState<number | null>(null);
  const { page } = useListParams([] as const);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);

  useEffect(() => {
    api('GET /admin/listings', { query: { page: page > 1 ? String(page) : undefined } })
      .then((r) => {
        setListings(r.data);
        setTotal(r.total);
      })
      .catch((e: unknown) => {
        if (e instanceof SessionExpiredError) return void navigate('/login', { replace: true });
        setError(errorMessage(e, t('admin.listings.loadError')));
      });
  }, [api, navigate, t, page]);

  const state = (l: AdminListing) => (l.hidden ? 'hidden' : l.listed ? 'public' : 'unlisted');
  return (
    <div className="admin-page">
      <h1 className="page-title">{t('pages.adminListings')}</h1>
      <p className="lead">
        {t('admin.listings.intro')} <Link to="/where-to-buy">{t('admin.listings.viewPage')}</Link>
      </p>
      {error && <FormMessage kind="error">{error}</FormMessage>}
      <ListCount total={total} label={(count) => t('admin.listings.count', { count })} />
      {!listings && !error && <p role="status">{t('common.loading')}</p>}
      {listings && listings.length === 0 && <p>{t('admin.listings.empty')}</p>}
      {listings && listings.length > 0 && (
        <ul className="admin-cards">
          {listings.map((l) => (
            <li key={l.id} className="admin-card admin-card--column" data-testid="listing-card">
              <div className="admin-card__body">
                <strong className="admin-card__title">{l.name || t('listing.unnamed')}</strong>
                <span className="admin-card__meta">
                  <span className={`badge${l.hidden ? ' badge--warning' : ''}`}>{t(`admin.listings.states.${state(l)}`)}</span>
                  <MissingBadge locales={[missingLocale(l.description.fr, l.description.en)].filter((x): x is 'fr' | 'en' => x !== null)} />
                  {[l.postcode, l.city].filter(Boolean).join(' ')} · {l.email}
                </span>
                <button
                  type="button"
                  className="button button--quiet button--small"
                  aria-expanded={open === l.id}
                  aria-controls={`listing-editor-${l.id}`}
                  onClick={() => setOpen(open === l.id ? null : l.id)}
                >
                  {open === l.id ? t('admin.listings.close') : t('admin.listings.edit', { name: l.name || l.email })}
                </button>
              </div>
              {open === l.id && (
                <div id={`listing-editor-${l.id}`} className="admin-card__editor">
                  <ListingForm
                    initial={l}
                    owner
                    idPrefix={`listing-${l.id}`}
                    uploadTo="POST /admin/uploads"
                    onSessionExpired={() => void navigate('/login', { replace: true })}
                    save={async (body) => {
                      const saved = await api('PUT /admin/listings/:id', { params: { id: l.id }, lang, body: { ...body, hidden: body.hidden ?? l.hidden } });
                      setListings((all) => all && all.map((x) => (x.id === saved.id ? saved : x)));
                      return saved;
                    }}
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {total !== null && <Pager page={page} total={total} limit={LIST_LIMIT_DEFAULT} label={t('admin.listings.pages')} />}
    </div>
  );
}
