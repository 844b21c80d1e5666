import { parseContent } from '@atelier/contract/pure';

/** §2 post content as React elements (text only: markup in a post shows as text). */
export function PostContent({ content }: { content: string }) {
  return (
    <div className="post-content">
      {parseContent(content).map((block, index) => {
        if (block.type === 'heading') {
          const Tag = `h${block.level}` as const;
          return (
            <Tag key={index} className={`post-content__heading post-content__heading--${block.level}`}>
              {block.text}
            </Tag>
          );
        }
        if (block.type === 'quote') {
          return (
            <blockquote key={index} className="post-content__quote">
              <p>{block.text}</p>
            </blockquote>
          );
        }
        return <p key={index}>{block.text}</p>;
      })}
    </div>
  );
}

export function formatDate(iso: string, lang: 'fr' | 'en'): string {
  return new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}
