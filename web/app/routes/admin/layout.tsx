import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { Link, NavLink, Outlet, useLocation, useNavigate, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/layout';
import { RequireRole } from '../../components/Guard.tsx';
import { LanguageToggle } from '../../components/LanguageToggle.tsx';
import { pageMeta, type RootData } from '../../lib/meta.ts';
import { useSession } from '../../lib/session.tsx';
import { storage } from '../../lib/storage.ts';
import type { SecurityOverview } from '@atelier/contract';

const SUGGESTION_DISMISSED = 'atelier.passkeySuggestionDismissed';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'admin.title', noindex: true });

function AdminShell() {
  const { t } = useTranslation();
  const data = useRouteLoaderData<RootData>('root');
  const { user, signOut, authRequest } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const navId = useId();

  const [suggest, setSuggest] = useState(false);
  // The token in storage may have been revoked (signed out elsewhere, password
  // changed): check it with the server on each screen; a refusal ends the
  // session and the login screen says so. The same answer says whether the site
  // requires a second factor this administrator has not added yet (then the
  // back-office is shut and the Security section opens), or suggests a passkey.
  useEffect(() => {
    authRequest<SecurityOverview>('/account/security')
      .then((security) => {
        if (security.mfaSetupRequired) return void navigate('/account/security', { replace: true });
        setSuggest(security.passkeys.length === 0 && !security.totp && !storage.get(SUGGESTION_DISMISSED));
      })
      .catch(() => undefined);
  }, [authRequest, location.pathname, navigate]);

  // The collapsible menu closes on navigation.
  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <div className="admin">
      <header className="admin__header">
        <a className="skip-link" href="#main">
          {t('nav.skip')}
        </a>
        <div className="admin__bar">
          <Link to="/admin/products" className="logo logo--small">
            {data?.brand.name} · {t('admin.title')}
          </Link>
          <button type="button" className="menu-toggle" aria-expanded={open} aria-controls={navId} onClick={() => setOpen((v) => !v)}>
            <span className="menu-toggle__icon" aria-hidden="true" />
            <span>{open ? t('nav.closeMenu') : t('admin.menu')}</span>
          </button>
          <nav id={navId} className={`admin-nav${open ? ' admin-nav--open' : ''}`} aria-label={t('admin.shellLabel')}>
            <ul>
              <li>
                <NavLink to="/admin/products">{t('admin.nav.products')}</NavLink>
              </li>
              <li>
                <NavLink to="/admin/blog">{t('admin.nav.blog')}</NavLink>
              </li>
              <li>
                <NavLink to="/admin/retailers">{t('admin.nav.retailers')}</NavLink>
              </li>
              <li>
                <NavLink to="/admin/orders">{t('admin.nav.orders')}</NavLink>
              </li>
              <li>
                <NavLink to="/admin/seasons">{t('admin.nav.seasons')}</NavLink>
              </li>
              <li>
                <NavLink to="/admin/stock">{t('admin.nav.stock')}</NavLink>
              </li>
              <li>
                <NavLink to="/admin/production">{t('admin.nav.production')}</NavLink>
              </li>
              <li>
                <NavLink to="/admin/sales">{t('admin.nav.sales')}</NavLink>
              </li>
              <li>
                <NavLink to="/admin/invoicing">{t('admin.nav.invoicing')}</NavLink>
              </li>
              <li>
                <NavLink to="/admin/invoices">{t('admin.nav.invoices')}</NavLink>
              </li>
              <li>
                <NavLink to="/admin/wholesale">{t('admin.nav.wholesale')}</NavLink>
              </li>
              <li>
                <NavLink to="/admin/pages">{t('admin.nav.pages')}</NavLink>
              </li>
              <li>
                <NavLink to="/admin/listings">{t('admin.nav.listings')}</NavLink>
              </li>
              <li>
                <NavLink to="/admin/activity">{t('admin.nav.activity')}</NavLink>
              </li>
              <li>
                <NavLink to="/account">{t('admin.nav.account')}</NavLink>
              </li>
              <li>
                <NavLink to="/" end>
                  {t('admin.nav.site')}
                </NavLink>
              </li>
            </ul>
            <div className="admin-nav__tools">
              <span className="admin-nav__user">{user?.email}</span>
              <LanguageToggle />
              <button
                type="button"
                className="button button--quiet"
                onClick={async () => {
                  await signOut();
                  navigate('/login');
                }}
              >
                {t('admin.logout')}
              </button>
            </div>
          </nav>
        </div>
      </header>
      <main id="main" className="admin__main" tabIndex={-1}>
        {suggest && (
          <div className="admin-suggestion" data-testid="passkey-suggestion">
            <p>{t('security.suggestion')}</p>
            <Link to="/account/security">{t('security.suggestionLink')}</Link>
            <button
              type="button"
              className="button button--quiet button--small"
              onClick={() => {
                storage.set(SUGGESTION_DISMISSED, '1');
                setSuggest(false);
              }}
            >
              {t('security.suggestionDismiss')}
            </button>
          </div>
        )}
        <Outlet />
      </main>
    </div>
  );
}

export default function AdminLayout() {
  return (
    <RequireRole roles={['admin']}>
      <AdminShell />
    </RequireRole>
  );
}
