import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.ts';
import type { DbHandle } from '../../db/index.ts';
import { readJournalPosts } from '../../read-models/journal.ts';
import { readProducts } from '../../read-models/catalogue.ts';

const STATIC_PAGES = ['/', '/collection', '/story', '/faq', '/retailers', '/where-to-buy', '/blog', '/contact', '/privacy', '/legal'];

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One <url> per page and language, each naming its fr, en and x-default alternates. */
function urlEntries(base: string, path: string, lastmod?: string): string {
  const href = (lang?: string) => escapeXml(`${base}${path}${lang ? `?lang=${lang}` : ''}`);
  const alternates = [
    `<xhtml:link rel="alternate" hreflang="fr" href="${href('fr')}"/>`,
    `<xhtml:link rel="alternate" hreflang="en" href="${href('en')}"/>`,
    `<xhtml:link rel="alternate" hreflang="x-default" href="${href()}"/>`,
  ].join('');
  return ['fr', 'en']
    .map((lang) => `<url><loc>${href(lang)}</loc>${alternates}${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`)
    .join('\n');
}

/** What this area's routes use, handed to them by name (never the whole set of services). */
export interface SeoDeps {
  config: Config;
  database: DbHandle;
}

export const seoRoutes: FastifyPluginAsync<SeoDeps> = async (app, services) => {
  const base = services.config.PUBLIC_URL;

  app.get('/robots.txt', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return [
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /account',
      'Disallow: /login',
      'Disallow: /reset-password',
      'Disallow: /api',
      '',
      `Sitemap: ${base}/sitemap.xml`,
      '',
    ].join('\n');
  });

  app.get('/sitemap.xml', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    const [products, posts] = await Promise.all([
      services.database.db.selectFrom(readProducts().as('products')).select(['id', 'updated_at']).where('status', '=', 'published').orderBy('id').execute(),
      services.database.db.selectFrom(readJournalPosts().as('journal_posts')).select(['slug', 'updated_at']).where('published', '=', 1).orderBy('id').execute(),
    ]);
    const newest = (dates: string[]) => dates.sort().at(-1);
    const productsChanged = newest(products.map((p) => p.updated_at));
    const journalChanged = newest(posts.map((p) => p.updated_at));
    const lastmodFor: Record<string, string | undefined> = {
      '/': productsChanged,
      '/collection': productsChanged,
      '/story': productsChanged,
      '/blog': journalChanged,
    };
    const entries = [
      ...STATIC_PAGES.map((path) => urlEntries(base, path, lastmodFor[path])),
      ...products.map((p) => urlEntries(base, `/collection/${p.id}`, p.updated_at)),
      ...posts.map((p) => urlEntries(base, `/blog/${p.slug}`, p.updated_at)),
    ];
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600, stale-while-revalidate=3600');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
  });
};
