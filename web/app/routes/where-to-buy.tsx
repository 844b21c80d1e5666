import { Link } from 'react-router';
import type { PublicStockist } from '@atelier/contract';
import { useTranslation } from '../i18n/react.tsx';
import type { Route } from './+types/where-to-buy';
import { appContext } from '../context.ts';
import { translator } from '../i18n/messages.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { requestLocale } from '../lib/request.ts';
import { imageSource } from '@atelier/contract/pure';

type WhereState = { status: 'ready'; q: string; shops: PublicStockist[]; any: boolean } | { status: 'error'; q: string; message: string };

/** The listed shops (opted in, not hidden by the label), filtered by town or postcode: a GET form, no script needed. */
export async function loader({ request, context }: Route.LoaderArgs): Promise<WhereState> {
  const lang = requestLocale(request);
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 80);
  try {
    const ctx = context.get(appContext);
    const shops = await ctx.stockists.search(q, lang);
    const any = q === '' ? shops.length > 0 : (await ctx.stockists.search('', lang)).length > 0;
    return { status: 'ready', q, shops, any };
  } catch {
    return { status: 'error', q, message: translator(lang)('where.error') };
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  // A filtered list is the same page for a search engine: only the whole list is indexed.
  pageMeta(matches, { titleKey: 'pages.whereToBuy', path: '/where-to-buy', noindex: !!loaderData?.q });

function byCity(shops: PublicStockist[]): Array<[string, PublicStockist[]]> {
  const groups = new Map<string, PublicStockist[]>();
  for (const shop of shops) groups.set(shop.city, [...(groups.get(shop.city) ?? []), shop]);
  return [...groups];
}

function Shop({ shop }: { shop: PublicStockist }) {
  const { t } = useTranslation();
  return (
    <li className="shop-card">
      {shop.logoUrl && <img className="shop-card__logo" src={imageSource(shop.logoUrl).src} width={56} height={56} alt="" loading="lazy" decoding="async" />}
      <div className="shop-card__text">
        <h3 className="shop-card__name">{shop.name}</h3>
        <p className="shop-card__address">
          {shop.address && (
            <>
              {shop.address}
              <br />
            </>
          )}
          {shop.postcode} {shop.city}
          {shop.country !== 'FR' && ` (${shop.country})`}
        </p>
        {shop.description && <p className="shop-card__description">{shop.description}</p>}
        {(shop.website || shop.instagram) && (
          <p className="shop-card__links">
            {shop.website && (
              <a href={shop.website} rel="noopener noreferrer nofollow" aria-label={t('where.websiteOf', { name: shop.name })}>
                {t('where.website')}
              </a>
            )}
            {shop.instagram && (
              <a href={`https://www.instagram.com/${shop.instagram}/`} rel="noopener noreferrer nofollow" aria-label={t('where.instagramOf', { name: shop.name })}>
                @{shop.instagram}
              </a>
            )}
          </p>
        )}
      </div>
    </li>
  );
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
                  <Shop key={shop.id} shop={shop} />
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
