import { useTranslation } from '../i18n/react.tsx';
import type { PublicSection } from '@atelier/contract';
import type { Route } from './+types/blog';
import { JournalSections } from '../components/JournalSections.tsx';
import { appContext } from '../context.ts';
import { translator } from '../i18n/messages.server.ts';
import { useLanguage } from '../lib/language.tsx';
import { pageMeta } from '../lib/meta.ts';
import { requestLocale } from '../lib/request.ts';
import { withMedia } from '../lib/media.ts';

type BlogState = { status: 'ready'; sections: PublicSection[] } | { status: 'error'; message: string };

export async function loader({ request, context }: Route.LoaderArgs): Promise<BlogState> {
  const lang = requestLocale(request);
  try {
    const ctx = context.get(appContext);
    return await withMedia(ctx, { status: 'ready', sections: await ctx.journal.sections(lang) } as const);
  } catch {
    return { status: 'error', message: translator(lang)('blog.error') };
  }
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.blog', path: '/blog' });

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  if (loaderData.status === 'error') {
    return (
      <div className="page page--narrow">
        <h1 className="page-title">{t('pages.blog')}</h1>
        <p role="alert">{loaderData.message}</p>
      </div>
    );
  }
  return (
    <div className="page page--narrow journal">
      <h1 className="page-title">{t('pages.blog')}</h1>
      <p className="lead">{t('blog.intro')}</p>
      <JournalSections sections={loaderData.sections} lang={lang} />
    </div>
  );
}
