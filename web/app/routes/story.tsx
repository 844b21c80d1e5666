import { useTranslation } from '../i18n/react.tsx';
import type { Route } from './+types/story';
import { StoryCarousel } from '../components/StoryCarousel.tsx';
import { appContext } from '../context.ts';
import { loadCollection } from '../lib/collection.ts';
import { pageMeta } from '../lib/meta.ts';
import { requestLocale } from '../lib/request.ts';
import { withMedia } from '../lib/media.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const lang = requestLocale(request);
  const [collection, texts] = await Promise.all([loadCollection(ctx, lang), ctx.pages.texts('story', lang)]);
  return withMedia(ctx, { collection, paragraphs: texts.paragraphs });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    titleKey: 'pages.story',
    path: '/story',
    image: loaderData?.collection.status === 'ready' ? loaderData.collection.products[0]?.variants[0]?.images[0] : undefined,
  });

export default function Story({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { paragraphs } = loaderData;
  return (
    <div className="page story">
      <div className="story__text">
        <h1 className="page-title">{t('pages.story')}</h1>
        {paragraphs.map((text, i) => (
          <p key={i} className={i === 0 ? 'lead' : undefined}>
            {text}
          </p>
        ))}
      </div>
      <div className="story__carousel">
        <StoryCarousel state={loaderData.collection} />
      </div>
    </div>
  );
}
