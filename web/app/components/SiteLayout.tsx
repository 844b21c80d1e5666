import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { Link, NavLink, Outlet, useLocation, useNavigate, useNavigation, useRouteLoaderData } from 'react-router';
import type { RootData } from '../lib/meta.ts';
import { useSession } from '../lib/session.tsx';
import { LanguageToggle } from './LanguageToggle.tsx';
import { useDraftPieces } from '../lib/order-draft.ts';

const LINKS = [
  { to: '/', key: 'nav.home', end: true },
  { to: '/story', key: 'nav.story' },
  { to: '/faq', key: 'nav.faq' },
  { to: '/where-to-buy', key: 'nav.whereToBuy' },
  { to: '/retailers', key: 'nav.retailers' },
  { to: '/blog', key: 'nav.blog' },
  { to: '/contact', key: 'nav.contact' },
] as const;

function AccountMenu({ email }: { email: string }) {
  const { t } = useTranslation();
  const { signOut } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const pieces = useDraftPieces();

  useEffect(() => {
    if (!open) return;
    const onClick = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="account-menu" ref={ref}>
      <button
        type="button"
        className="account-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
        data-testid="account-menu"
      >
        {email || t('nav.myAccount')}
      </button>
      <ul id={menuId} className="account-menu__list" hidden={!open}>
        <li>
          <Link to="/account" onClick={() => setOpen(false)}>
            {t('nav.myAccount')}
          </Link>
        </li>
        {pieces !== null && (
          <>
            <li>
              <Link to="/account/order" onClick={() => setOpen(false)} data-testid="menu-draft">
                {t('order.menuDraft', { count: pieces })}
              </Link>
            </li>
            <li>
              <Link to="/account/orders" onClick={() => setOpen(false)}>
                {t('order.myOrders')}
              </Link>
            </li>
          </>
        )}
        <li>
          <button
            type="button"
            onClick={async () => {
              setOpen(false);
              await signOut();
              navigate('/login');
            }}
          >
            {t('nav.logout')}
          </button>
        </li>
      </ul>
    </div>
  );
}

export function SiteHeader() {
  const { t } = useTranslation();
  const data = useRouteLoaderData<RootData>('root');
  const { user } = useSession();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();

  // The small-screen menu closes on navigation.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <div className="site-header__bar">
        <Link to="/" className="logo" aria-label={t('nav.logoLabel', { brand: data?.brand.name ?? '' })}>
          {data?.brand.name}
        </Link>
        <button type="button" className="menu-toggle" aria-expanded={menuOpen} aria-controls={navId} onClick={() => setMenuOpen((v) => !v)}>
          <span className="menu-toggle__icon" aria-hidden="true" />
          <span>{menuOpen ? t('nav.closeMenu') : t('nav.menu')}</span>
        </button>
        <nav id={navId} className={`site-nav${menuOpen ? ' site-nav--open' : ''}`} aria-label={t('nav.label')}>
          <ul className="site-nav__links">
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={'end' in link ? link.end : false}>
                  {t(link.key)}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="site-nav__tools">
            <LanguageToggle />
            {user?.role === 'admin' && (
              <Link to="/admin/products" className="nav-pill">
                {t('nav.dashboard')}
              </Link>
            )}
            {(user?.role === 'retailer' || user?.role === 'agent') && <AccountMenu email={user.email} />}
            {!user && (
              <Link to="/login" className="nav-quiet">
                {t('nav.login')}
              </Link>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}

export function SiteFooter() {
  const { t } = useTranslation();
  const data = useRouteLoaderData<RootData>('root');
  const brand = data?.brand;
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__tagline">{t('footer.tagline')}</p>
        <nav aria-label={t('footer.social')}>
          <ul className="social-links">
            {(['instagram', 'pinterest', 'linkedin'] as const).map((network) => (
              <li key={network}>
                <a href={brand?.social[network]} target="_blank" rel="noopener noreferrer" aria-label={t(`footer.${network}`)}>
                  {network === 'instagram' ? 'Instagram' : network === 'pinterest' ? 'Pinterest' : 'LinkedIn'}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t('footer.label')}>
          <ul className="footer-links">
            <li>
              <Link to="/privacy">{t('footer.privacy')}</Link>
            </li>
            <li>
              <Link to="/legal">{t('footer.legal')}</Link>
            </li>
          </ul>
        </nav>
        <p className="site-footer__copyright">{t('footer.copyright', { year, brand: brand?.name ?? '' })}</p>
      </div>
    </footer>
  );
}

/** While the next page's data loads: a thin bar, and a status for screen readers. */
function NavigationProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state !== 'loading') return null;
  return (
    <div className="nav-progress" role="status">
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}

export default function SiteLayout() {
  return (
    <>
      <NavigationProgress />
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
