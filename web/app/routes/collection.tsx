import { Suspense, lazy } from 'react';
import { Link } from 'react-router';
import loadLineSheetDownload from 'virtual:chunk:components/LineSheetDownload.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useSession } from '../lib/session.tsx';
import type { Route } from './+types/collection';
import { CollectionGrid, type CollectionState } from '../components/CollectionGrid.tsx';
import { Pager } from '../components/ListNav.tsx';
import { appContext } from '../context.ts';
import { collectionFilter, loadCollection } from '../lib/collection.ts';
import { pageMeta } from '../lib/meta.ts';
import { requestLocale } from '../lib/request.ts';
import { withMedia } from '../lib/media.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  return withMedia(ctx, await loadCollection(ctx, requestLocale(request), collectionFilter(new URL(request.url))));
}

/** The address of a page of the collection: its season and page number, nothing else (one address per page). */
function collectionQuery(state: CollectionState | undefined): string {
  if (state?.status !== 'ready') return '';
  const params = new URLSearchParams();
  if (state.season) params.set('season', state.season);
  if (state.page && state.page > 1) params.set('page', String(state.page));
  return params.toString();
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    titleKey: 'pages.collection',
    path: '/collection',
    query: collectionQuery(loaderData),
    image: loaderData?.status === 'ready' ? loaderData.products[0]?.variants[0]?.images[0] : undefined,
  });

// Signed-in retailers and admins only: visitors never download its code.
// Its own chunk, loaded without Vite's preload helper (lazy-chunks.ts): none on the collection page.
const LineSheetDownload = lazy(() =>
  (loadLineSheetDownload() as Promise<typeof import('../components/LineSheetDownload.tsx')>).then((m) => ({ default: m.LineSheetDownload })),
);

/** The seasons a visitor filters by: real links (a crawler reaches each), the one shown marked as current. */
function SeasonFilter({ seasons, current }: { seasons: Array<{ code: string; name: string }>; current: string | null }) {
  const { t } = useTranslation();
  if (seasons.length < 2) return null;
  const item = (code: string | null, name: string) => (
    <li key={code ?? ''}>
      <Link to={code ? `?season=${encodeURIComponent(code)}` : '?'} className="season-filter__link" aria-current={current === code ? 'page' : undefined}>
        {name}
      </Link>
    </li>
  );
  return (
    <nav className="season-filter" aria-label={t('collection.filterLabel')}>
      <ul>
        {item(null, t('collection.allSeasons'))}
        {seasons.map((s) => item(s.code, s.name))}
      </ul>
    </nav>
  );
}

export default function Collection({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const ready = loaderData.status === 'ready' ? loaderData : null;
  return (
    <div className="page">
      <h1 className="page-title">{t('pages.collection')}</h1>
      <p className="lead">{t('collection.intro')}</p>
      {user && (
        <Suspense fallback={null}>
          <LineSheetDownload />
        </Suspense>
      )}
      {ready?.seasons && <SeasonFilter seasons={ready.seasons} current={ready.season ?? null} />}
      {ready?.total !== undefined && ready.total > 0 && <p className="collection-count">{t('collection.count', { count: ready.total })}</p>}
      <CollectionGrid state={loaderData} headingLevel={2} eagerFirst={2} />
      {ready?.total !== undefined && <Pager page={ready.page ?? 1} total={ready.total} limit={ready.limit ?? 24} label={t('collection.pager')} />}
    </div>
  );
}
