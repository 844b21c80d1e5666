import { useTranslation } from '../i18n/react.tsx';
import type { Route } from './+types/home';
import { CollectionGrid } from '../components/CollectionGrid.tsx';
import { MantraRotator } from '../components/MantraRotator.tsx';
import { ResponsiveImage } from '../components/ResponsiveImage.tsx';
import { appContext } from '../context.ts';
import { jsonLd, pageMeta, type RootData } from '../lib/meta.ts';
import { Link, useRouteLoaderData } from 'react-router';
import { requestLocale } from '../lib/request.ts';
import { loadCollection } from '../lib/collection.ts';
import { withMedia } from '../lib/media.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const lang = requestLocale(request);
  const [collection, texts] = await Promise.all([loadCollection(ctx, lang), ctx.pages.texts('home', lang)]);
  return withMedia(ctx, { collection, texts });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: '',
    path: '/',
    image: loaderData?.texts.heroImage ?? (loaderData?.collection.status === 'ready' ? loaderData.collection.products[0]?.variants[0]?.images[0] : undefined),
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { texts, collection } = loaderData;
  const brand = useRouteLoaderData<RootData>('root')?.brand;
  const structured = brand && [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: brand.name,
      legalName: brand.legalEntity,
      url: brand.publicUrl,
      logo: `${brand.publicUrl}/favicon.svg`,
      email: brand.email,
      address: brand.address,
      sameAs: [brand.social.instagram, brand.social.pinterest, brand.social.linkedin],
    },
    { '@context': 'https://schema.org', '@type': 'WebSite', name: brand.name, url: brand.publicUrl, inLanguage: ['fr', 'en'] },
  ];
  return (
    <>
      {structured && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(structured) }} />}
      <section className={texts.heroImage ? 'hero hero--image' : 'hero'} aria-labelledby="hero-title">
        {texts.heroImage && (
          <div className="hero__media">
            <ResponsiveImage url={texts.heroImage} alt={texts.heroAlt} sizes="(min-width: 60rem) 36rem, 100vw" priority />
          </div>
        )}
        <div className="hero__text">
          {texts.kicker && <p className="hero__kicker">{texts.kicker}</p>}
          <h1 id="hero-title" className="hero__title">
            {texts.title}
          </h1>
          <MantraRotator mantras={texts.mantras} />
          <p className="hero__description">{texts.description}</p>
          <a
            className="button"
            href="#collection"
            onClick={(event) => {
              event.preventDefault();
              const target = document.getElementById('collection');
              target?.scrollIntoView({ behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
              target?.focus({ preventScroll: true });
            }}
          >
            {texts.cta}
          </a>
        </div>
      </section>
      <section id="collection" className="page collection" aria-labelledby="collection-title" tabIndex={-1}>
        <h2 id="collection-title" className="section-title">
          {t('pages.collection')}
        </h2>
        <CollectionGrid state={collection} eagerFirst={texts.heroImage ? 0 : 1} />
        {collection.status === 'ready' && collection.total !== undefined && collection.total > collection.products.length && (
          <p className="collection__more">
            <Link to="/collection" className="button button--quiet">
              {t('collection.seeAll', { count: collection.total })}
            </Link>
          </p>
        )}
      </section>
    </>
  );
}
