import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { Link, NavLink, Outlet, useLocation, useNavigate, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/layout';
import { RequireRole } from '../../components/Guard.tsx';
import { LanguageToggle } from '../../components/LanguageToggle.tsx';
import { pageMeta, type RootData } from '../../lib/meta.ts';
import { useSession } from '../../lib/session.tsx';
import { storage } from '../../lib/storage.ts';
import { ADMIN_NAV, placeOf } from '../../lib/admin-nav.ts';

const SUGGESTION_DISMISSED = 'atelier.passkeySuggestionDismissed';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'admin.title', noindex: true });

/** The back-office's screens by group, the current group marked. */
function NavGroups({ navId, currentGroup }: { navId: string; currentGroup: string | undefined }) {
  const { t } = useTranslation();
  return (
    <>
      {ADMIN_NAV.map((group) => (
        <div key={group.key} className={`admin-nav__group${group.key === currentGroup ? ' admin-nav__group--current' : ''}`}>
          <p className="admin-nav__group-title" id={`${navId}-${group.key}`}>
            {t(`admin.navGroups.${group.key}`)}
          </p>
          <ul aria-labelledby={`${navId}-${group.key}`}>
            {group.screens.map((screen) => (
              <li key={screen.to}>
                <NavLink to={screen.to} end={screen.to === '/'}>
                  {t(`admin.nav.${screen.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}

function AdminShell() {
  const { t } = useTranslation();
  const data = useRouteLoaderData<RootData>('root');
  const { user, signOut, api } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const navId = useId();
  const current = placeOf(location.pathname);

  const [suggest, setSuggest] = useState(false);
  // The token in storage may have been revoked (signed out elsewhere, password
  // changed): check it with the server on each screen; a refusal ends the
  // session and the login screen says so. The same answer says whether the site
  // requires a second factor this administrator has not added yet (then the
  // back-office is shut and the Security section opens), or suggests a passkey.
  useEffect(() => {
    api('GET /account/security')
      .then((security) => {
        if (security.mfaSetupRequired) return void navigate('/account/security', { replace: true });
        setSuggest(security.passkeys.length === 0 && !security.totp && !storage.get(SUGGESTION_DISMISSED));
      })
      .catch(() => undefined);
  }, [api, location.pathname, navigate]);

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
            <p className="admin-nav__today">
              <NavLink to="/admin/today">{t('admin.nav.today')}</NavLink>
            </p>
            <NavGroups navId={navId} currentGroup={current?.group.key} />
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
        {current && (
          <p className="admin-place" data-testid="admin-place">
            {`${t(`admin.navGroups.${current.group.key}`)} · ${t(`admin.nav.${current.screen.key}`)}`}
          </p>
        )}
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
