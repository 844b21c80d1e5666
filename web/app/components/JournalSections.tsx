import { useTranslation } from '../i18n/react.tsx';
import { Link } from 'react-router';
import type { Locale, PublicSection } from '@atelier/contract';
import { PostContent, formatDate } from './PostContent.tsx';
import { ResponsiveImage } from './ResponsiveImage.tsx';

/** §2 journal: sections with their posts, and both empty states (no post at all; a section without post). */
export function JournalSections({ sections, lang }: { sections: PublicSection[]; lang: Locale }) {
  const { t } = useTranslation();
  if (!sections.some((s) => s.posts.length > 0)) return <p className="status-line">{t('blog.empty')}</p>;
  // The first cover is the top of the page on a phone (its largest paint): fetched first, not lazily.
  const firstCover = sections.flatMap((s) => s.posts).find((post) => post.coverImageUrl)?.id;
  return (
    <>
      {sections.map((section) => (
        <section key={section.id} className="journal__section" aria-labelledby={`section-${section.id}`}>
          <h2 id={`section-${section.id}`} className="section-title">
            {section.title}
          </h2>
          {section.description && <p className="journal__section-description">{section.description}</p>}
          {section.posts.length === 0 ? (
            <p className="status-line">{t('blog.sectionEmpty')}</p>
          ) : (
            section.posts.map((post) => (
              <article
                key={post.id}
                className={post.coverImageUrl ? 'journal__post journal__post--cover' : 'journal__post'}
                aria-labelledby={`post-${post.id}`}
              >
                {post.coverImageUrl && (
                  <Link to={`/blog/${post.slug}`} className="journal__cover" tabIndex={-1} aria-hidden="true">
                    <ResponsiveImage url={post.coverImageUrl} alt="" sizes="(min-width: 40rem) 16rem, 100vw" priority={post.id === firstCover} />
                  </Link>
                )}
                <div className="journal__post-body">
                  <h3 id={`post-${post.id}`} className="journal__post-title">
                    <Link to={`/blog/${post.slug}`}>{post.title}</Link>
                  </h3>
                  <p className="journal__date">
                    <time dateTime={post.createdAt}>{formatDate(post.createdAt, lang)}</time>
                  </p>
                  <PostContent content={post.content} />
                </div>
              </article>
            ))
          )}
        </section>
      ))}
    </>
  );
}
