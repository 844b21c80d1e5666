import { Link } from 'react-router';
import type { PublicListing } from '@atelier/contract';
import { useTranslation } from '../i18n/react.tsx';
import type { Route } from './+types/where-to-buy';
import { appContext } from '../context.ts';
import { translator } from '../i18n/messages.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { requestLocale } from '../lib/request.ts';
import { imageSource } from '@atelier/contract/pure';

type WhereState = { status: 'ready'; q: string; shops: PublicListing[]; any: boolean } | { status: 'error'; q: string; message: string };

/** The listed shops (opted in, not hidden by the label), filtered by town or postcode: a GET form, no script needed. */
export async function loader({ request, context }: Route.LoaderArgs): Promise<WhereState> {
  const lang = requestLocale(request);
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 80);
  try {
    const ctx = context.get(appContext);
    const shops = await ctx.listings.search(q, lang);
    const any = q === '' ? shops.length > 0 : (await ctx.listings.search('', lang)).length > 0;
    return { status: 'ready', q, shops, any };
  } catch {
    return { status: 'error', q, message: translator(lang)('where.error') };
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  // A filtered list is the same page for a search engine: only the whole list is indexed.
  pageMeta(matches, { titleKey: 'pages.whereToBuy', path: '/where-to-buy', noindex: !!loaderData?.q });

function byCity(shops: PublicListing[]): Array<[string, PublicListing[]]> {
  const groups = new Map<string, PublicListing[]>();
  for (const shop of shops) groups.set(shop.city, [...(groups.get(shop.city) ?? []), shop]);
  return [...groups];
}

function Listing({ listing }: { listing: PublicListing }) {
  const { t } = useTranslation();
  return (
    <li className="shop-card">
      {listing.logoUrl && (
        <img className="shop-card__logo" src={imageSource(listing.logoUrl).src} width={56} height={56} alt="" loading="lazy" decoding="async" />
      )}
      <div className="shop-card__text">
        <h3 className="shop-card__name">{listing.name}</h3>
        <p className="shop-card__address">
          {listing.address && (
            <>
              {listing.address}
              <br />
            </>
          )}
          {listing.postcode} {listing.city}
          {listing.country !== 'FR' && ` (${listing.country})`}
        </p>
        {listing.description && <p className="shop-card__description">{listing.description}</p>}
        <p className="shop-card__links">
          <a href={mapLink(listing)} rel="noopener noreferrer nofollow" aria-label={t('where.mapOf', { name: listing.name, city: listing.city })}>
            {t('where.map')}
          </a>
        </p>
        {(listing.website || listing.instagram) && (
          <p className="shop-card__links">
            {listing.website && (
              <a href={listing.website} rel="noopener noreferrer nofollow" aria-label={t('where.websiteOf', { name: listing.name })}>
                {t('where.website')}
              </a>
            )}
            {listing.instagram && (
              <a
                href={`https://www.instagram.com/${listing.instagram}/`}
                rel="noopener noreferrer nofollow"
                aria-label={t('where.instagramOf', { name: listing.name })}
              >
                @{listing.instagram}
              </a>
            )}
          </p>
        )}
      </div>
    </li>
  );
}

/** The place on OpenStreetMap (a link the visitor follows: nothing is loaded from it here). */
function mapLink(listing: PublicListing): string {
  const query = [listing.address, `${listing.postcode} ${listing.city}`, listing.country].filter((part) => part.trim()).join(', ');
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
}

export default function WhereToBuy({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { q } = loaderData;
  return (
    <div className="page where">
      <h1 className="page-title">{t('pages.whereToBuy')}</h1>
      <p className="lead">{t('where.intro')}</p>
      <form method="get" action="/where-to-buy" className="where__search" role="search">
        <label htmlFor="where-q">{t('where.searchLabel')}</label>
        <div className="where__search-row">
          <input id="where-q" name="q" type="search" defaultValue={q} maxLength={80} autoComplete="postal-code" />
          <button type="submit" className="button">
            {t('where.search')}
          </button>
        </div>
      </form>
      {loaderData.status === 'error' ? (
        <p role="alert">{loaderData.message}</p>
      ) : (
        <div aria-live="polite">
          {q && (
            <p className="where__count">
              {loaderData.shops.length === 0 ? t('where.none', { q }) : t('where.count', { count: loaderData.shops.length, q })}{' '}
              <Link to="/where-to-buy">{t('where.clear')}</Link>
            </p>
          )}
          {!loaderData.any && <p className="where__empty">{t('where.empty')}</p>}
          {byCity(loaderData.shops).map(([city, shops], i) => (
            <section key={city} className="where__city" aria-labelledby={`city-${i}`}>
              <h2 className="section-title" id={`city-${i}`}>
                {city}
              </h2>
              <ul className="where__shops">
                {shops.map((shop) => (
                  <Listing key={shop.id} listing={shop} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
      <p className="where__cta">
        {t('where.becomeStockist')} <Link to="/retailers">{t('nav.retailers')}</Link>
      </p>
    </div>
  );
}
