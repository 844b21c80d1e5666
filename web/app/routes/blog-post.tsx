import { useTranslation } from '../i18n/react.tsx';
import { Link, data } from 'react-router';
import { parseContent } from '@atelier/contract/pure';
import type { PublicPostPage } from '@atelier/contract';
import type { Route } from './+types/blog-post';
import { PostContent, formatDate } from '../components/PostContent.tsx';
import { ResponsiveImage } from '../components/ResponsiveImage.tsx';
import { appContext } from '../context.ts';
import { useLanguage } from '../lib/language.tsx';
import { breadcrumbs, jsonLd, pageMeta, rootData } from '../lib/meta.ts';
import { requestLocale } from '../lib/request.ts';
import { withMedia } from '../lib/media.ts';

type PostState = { status: 'ready'; post: PublicPostPage } | { status: 'notFound' };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const post = await ctx.journal.post(params.slug, requestLocale(request));
  if (!post) return data<PostState>({ status: 'notFound' }, { status: 404 });
  return data(await withMedia(ctx, { status: 'ready', post } as PostState));
}

/** A description from the post's first paragraph. */
function summary(post: PublicPostPage): string {
  const first = parseContent(post.content).find((b) => b.type === 'paragraph') ?? parseContent(post.content)[0];
  const text = (first?.text ?? '').replace(/\s+/g, ' ');
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) => {
  if (loaderData?.status !== 'ready') return pageMeta(matches, { titleKey: 'blog.notFoundTitle', noindex: true });
  const { post } = loaderData;
  return pageMeta(matches, {
    title: post.title,
    description: summary(post),
    path: `/blog/${params.slug}`,
    type: 'article',
    ...(post.coverImageUrl ? { image: post.coverImageUrl } : {}),
  });
};

export default function BlogPost({ loaderData, matches }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  if (loaderData.status === 'notFound') {
    return (
      <div className="page page--narrow">
        <h1 className="page-title">{t('blog.notFoundTitle')}</h1>
        <p className="lead">{t('blog.notFound')}</p>
        <p>
          <Link to="/blog">{t('blog.back')}</Link>
        </p>
      </div>
    );
  }
  const { post } = loaderData;
  const root = rootData(matches);
  const structured = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    datePublished: post.createdAt,
    dateModified: post.updatedAt,
    articleSection: post.section.title,
    inLanguage: lang,
    description: summary(post),
    image: post.coverImageUrl && root ? `${root.brand.publicUrl}${post.coverImageUrl}` : undefined,
    mainEntityOfPage: root ? `${root.brand.publicUrl}/blog/${post.slug}` : undefined,
    publisher: root ? { '@type': 'Organization', name: root.brand.name } : undefined,
  };
  return (
    <article className="page page--narrow journal__single">
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{
          __html: jsonLd([
            structured,
            breadcrumbs(root?.brand.publicUrl ?? '', [
              [t('pages.blog'), '/blog'],
              [post.title, `/blog/${post.slug}`],
            ]),
          ]),
        }}
      />
      <p className="journal__kicker">
        <Link to="/blog">{post.section.title}</Link>
      </p>
      <h1 className="page-title">{post.title}</h1>
      <p className="journal__date">
        <time dateTime={post.createdAt}>{formatDate(post.createdAt, lang)}</time>
      </p>
      {post.coverImageUrl && (
        <figure className="journal__single-cover">
          <ResponsiveImage url={post.coverImageUrl} alt={post.coverAlt ?? ''} sizes="(min-width: 46rem) 44rem, 100vw" priority />
        </figure>
      )}
      <PostContent content={post.content} />
      <p className="journal__back">
        <Link to="/blog">{t('blog.back')}</Link>
      </p>
    </article>
  );
}
