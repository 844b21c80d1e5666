import { useTranslation } from '../i18n/react.tsx';
import type { Route } from './+types/collection';
import { CollectionGrid } from '../components/CollectionGrid.tsx';
import { LineSheetDownload } from '../components/LineSheetDownload.tsx';
import { appContext } from '../context.ts';
import { loadCollection } from '../lib/collection.ts';
import { pageMeta } from '../lib/meta.ts';
import { requestLocale } from '../lib/request.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadCollection(context.get(appContext), requestLocale(request));
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    titleKey: 'pages.collection',
    path: '/collection',
    image: loaderData?.status === 'ready' ? loaderData.products[0]?.variants[0]?.images[0] : undefined,
  });

export default function Collection({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <h1 className="page-title">{t('pages.collection')}</h1>
      <p className="lead">{t('collection.intro')}</p>
      <LineSheetDownload />
      <CollectionGrid state={loaderData} headingLevel={2} eagerFirst={2} />
    </div>
  );
}
