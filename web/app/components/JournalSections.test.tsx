import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from '../i18n/react.tsx';
import { MemoryRouter, RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PublicSection } from '@atelier/contract';
import { createI18n } from '../i18n/index.ts';
import { messagesFor } from '../i18n/messages.server.ts';
import { JournalSections } from './JournalSections.tsx';

function render(sections: PublicSection[], lang: 'fr' | 'en' = 'fr') {
  return renderToStaticMarkup(
    <I18nextProvider i18n={createI18n(lang, messagesFor(lang))}>
      <MemoryRouter>
        <JournalSections sections={sections} lang={lang} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const post = (content: string) => ({
  id: 1,
  title: 'Titre',
  content,
  slug: 'titre',
  coverImageUrl: null,
  coverAlt: null,
  createdAt: '2026-03-05T10:00:00.000Z',
  updatedAt: '2026-03-05T10:00:00.000Z',
});

describe('journal page', () => {
  it('says so when no post is published at all', () => {
    const html = render([{ id: 1, title: 'Carnet', description: null, slug: 'carnet', posts: [] }]);
    expect(html).toContain('Aucun article publié pour le moment');
    expect(render([], 'en')).toContain('No post published yet');
  });

  it('says so for a section without post, and lists the others', () => {
    const html = render([
      { id: 1, title: 'Carnet', description: null, slug: 'carnet', posts: [post('Bonjour')] },
      { id: 2, title: 'Vide', description: null, slug: 'vide', posts: [] },
    ]);
    expect(html).toContain('Aucun article dans cette rubrique pour le moment.');
    expect(html).toContain('href="/blog/titre"');
    expect(html).toContain('5 mars 2026');
  });

  it('renders headings, quotes and paragraphs, and markup as text', () => {
    const html = render([
      {
        id: 1,
        title: 'C',
        description: null,
        slug: 'c',
        posts: [post('## Intertitre\n“Une citation”\n<script>alert(1)</script>\n<img src=x onerror=alert(1)>')],
      },
    ]);
    expect(html).toContain('<h2 class="post-content__heading post-content__heading--2">Intertitre</h2>');
    expect(html).toContain('<blockquote class="post-content__quote"><p>Une citation</p></blockquote>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
  });

  it('fetches the first cover at once (the top of the page on a phone), the others lazily', () => {
    const withCover = (id: number, slug: string) => ({ ...post('Texte'), id, slug, coverImageUrl: `/uploads/${'a'.repeat(24)}-1200x1500.webp` });
    const sections = [
      { id: 1, title: 'Sans image', description: null, slug: 'a', posts: [post('Bonjour')] },
      { id: 2, title: 'Carnet', description: null, slug: 'b', posts: [withCover(2, 'deux'), withCover(3, 'trois')] },
    ];
    // Pictures read their renditions from the page's loader data: a data router.
    const router = createMemoryRouter([{ path: '/', element: <JournalSections sections={sections} lang="fr" /> }]);
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={createI18n('fr', messagesFor('fr'))}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    const images = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    expect(images).toHaveLength(2);
    expect(images[0]).toContain('loading="eager"');
    expect(images[0]).toContain('fetchPriority="high"');
    expect(images[1]).toContain('loading="lazy"');
  });
});
