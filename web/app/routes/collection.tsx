import { Suspense, lazy } from 'react';
import loadLineSheetDownload from 'virtual:chunk:components/LineSheetDownload.tsx';
import { useTranslation } from '../i18n/react.tsx';
import { useSession } from '../lib/session.tsx';
import type { Route } from './+types/collection';
import { CollectionGrid } from '../components/CollectionGrid.tsx';
import { appContext } from '../context.ts';
import { loadCollection } from '../lib/collection.ts';
import { pageMeta } from '../lib/meta.ts';
import { requestLocale } from '../lib/request.ts';
import { withMedia } from '../lib/media.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  return withMedia(ctx, await loadCollection(ctx, requestLocale(request)));
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    titleKey: 'pages.collection',
    path: '/collection',
    image: loaderData?.status === 'ready' ? loaderData.products[0]?.variants[0]?.images[0] : undefined,
  });

// Signed-in retailers and admins only: visitors never download its code.
// Its own chunk, loaded without Vite's preload helper (lazy-chunks.ts): none on the collection page.
const LineSheetDownload = lazy(() => (loadLineSheetDownload() as Promise<typeof import('../components/LineSheetDownload.tsx')>).then((m) => ({ default: m.LineSheetDownload })));

export default function Collection({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <div className="page">
      <h1 className="page-title">{t('pages.collection')}</h1>
      <p className="lead">{t('collection.intro')}</p>
      {user && (
        <Suspense fallback={null}>
          <LineSheetDownload />
        </Suspense>
      )}
      <CollectionGrid state={loaderData} headingLevel={2} eagerFirst={2} />
    </div>
  );
}
