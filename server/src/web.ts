import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from 'react-router';
import { COLLECTION_PAGE_SIZE, publicJournal, publicPostPage, publicProduct, publicProductList, type SsrContext } from '@atelier/contract';
import { publicBrand } from './config.ts';
import { requestLocale } from './lib/locale.ts';
import { weakEtag } from './lib/json-cache.ts';
import { acceptedEncoding, COMPRESS_FROM_BYTES, EncodedBody } from './lib/encodings.ts';
import { contentSecurityPolicy, inlineScriptHashes } from './lib/csp.ts';
import { PageCache } from './lib/page-cache.ts';
import type { AppServices, CachedPage } from './services.ts';

export type WebMode = 'production' | 'development';

export const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');
export const serverBuildFile = path.join(webDir, 'build/server/index.js');
const clientDir = path.join(webDir, 'build/client');

/** The build's entry.server exports the context token, so server and bundle share one instance. */
type BuildWithContext = ServerBuild & { entry: { module: { appContext: RouterContext<SsrContext> } } };

/**
 * The query parameters a page's render reads: the language, the reset link's token and the
 * where-to-buy search. Any
 * other (utm_source, fbclid from a shared link, a cache-buster) changes nothing on the page, so
 * it is left out of the render and of the cache key: such visits are served from the cache.
 */
const PAGE_PARAMS = ['lang', 'token', 'q', 'season', 'page'] as const;

const pathOf = (url: string) => (url.includes('?') ? url.slice(0, url.indexOf('?')) : url);
/** React Router's request for a client navigation's data (/path.data?_routes=…). */
const isDataRequest = (url: string) => pathOf(url).endsWith('.data');
/** React Router's lazy route discovery (/__manifest?p=/a&p=/b&version=…): the routes a page's links lead to. */
const isManifestRequest = (url: string) => pathOf(url) === '/__manifest';

const EDIT_COOKIE = 'atelier_edit';
const EDIT_WINDOW_MS = 120_000;

/** Set on a signed-in write: when it was made (ms), so the writer's next pages are rendered after it. */
export function editCookie(at: number, secure: boolean): string {
  return `${EDIT_COOKIE}=${at}; Path=/; Max-Age=${EDIT_WINDOW_MS / 1000}; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}`;
}

/** The time of this browser's last write, if recent; a value from the future (or nonsense) is ignored. */
export function editedAt(cookieHeader: string | undefined, now = Date.now()): number | undefined {
  const value = new RegExp(`(?:^|;\\s*)${EDIT_COOKIE}=(\\d{1,15})(?:;|$)`).exec(cookieHeader ?? '')?.[1];
  if (!value) return undefined;
  const at = Number(value);
  return at <= now + 1000 && at > now - EDIT_WINDOW_MS ? at : undefined;
}

/** Pages a signed-in person works in (the back-office, the account, signing in): never kept by a shared cache. */
const PERSONAL_PATHS = /^\/(?:admin|account|login|reset-password)(?:[/.]|$)/;

/**
 * Who may keep a page (status 200). Anonymous pages: any shared cache (nginx, a CDN) for s-maxage, and stale
 * while it fetches the new one for as long again: SHARED_CACHE_SECONDS ≤ 30, so an owner's edit shows through
 * the cache within a minute; browsers check with the server each time (max-age=0, a 304 when unchanged).
 * A request that carries what makes it personal (an Authorization header, this browser's recent-edit cookie,
 * a link's token) or asks for a signed-in person's page: private, and checked each time.
 * A client navigation's data: checked each time (its language comes from the cookie).
 */
function pageCacheControl(request: FastifyRequest, url: string, edited: number | undefined, sharedSeconds: number): string {
  if (isDataRequest(url)) return 'no-cache';
  const personal = request.headers.authorization !== undefined || edited !== undefined || /[?&]token=/.test(url) || PERSONAL_PATHS.test(pathOf(url));
  if (personal) return 'private, no-cache';
  return sharedSeconds > 0 ? `public, max-age=0, s-maxage=${sharedSeconds}, stale-while-revalidate=${sharedSeconds}` : 'public, no-cache';
}

export function pageUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  // A client navigation's data request names the loaders to run in its query, and a manifest
  // request the paths to discover: both kept as they are.
  if (isDataRequest(url) || isManifestRequest(url)) return url;
  const given = new URLSearchParams(url.slice(query + 1));
  const kept = new URLSearchParams();
  for (const name of PAGE_PARAMS) {
    const value = given.get(name);
    if (value !== null) kept.set(name, value);
  }
  const search = kept.toString();
  return search ? `${url.slice(0, query)}?${search}` : url.slice(0, query);
}

/** Fastify request → Fetch Request (GET/HEAD only: the site's forms talk to /api). */
function toFetchRequest(request: FastifyRequest, reply: FastifyReply, url = request.url): Request {
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, String(value));
  }
  const origin = `${request.protocol}://${request.host}`;
  return new Request(new URL(url, origin), { method: request.method, headers, signal: controller.signal });
}

async function sendFetchResponse(reply: FastifyReply, response: Response): Promise<void> {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}

/** Mounts the React Router site: built assets + SSR for every other GET path. */
export async function mountWeb(app: FastifyInstance, { services, mode }: { services: AppServices; mode: WebMode }): Promise<void> {
  const { getBuild, handler } = await loadBuild(app, mode);

  const csp = contentSecurityPolicy(services.config, mode === 'development');
  const readers = ssrReaders(services);
  const cachePages = services.config.PAGE_CACHE_SECONDS > 0;

  const renderRequest = async (request: Request, onHtml?: (html: Uint8Array) => void): Promise<Response> => {
    const build = await getBuild();
    const context = new RouterContextProvider();
    // No nonce: the page's inline scripts are allowed by their hashes (capture), so its bytes are everyone's.
    context.set(build.entry.module.appContext, {
      nonce: '',
      ...readers,
      dev: mode === 'development',
      onHtml,
    });
    return handler(request, context);
  };
  const renderPage = (request: FastifyRequest, reply: FastifyReply, url: string, onHtml?: (html: Uint8Array) => void) =>
    renderRequest(toFetchRequest(request, reply, url), onHtml);

  /** A page as the cache keeps it: its bytes, its headers, its ETag, and the CSP that names its inline scripts. */
  const capture = async (render: (onHtml: (html: Uint8Array) => void) => Promise<Response>): Promise<CachedPage> => {
    let html: Uint8Array | undefined;
    const response = await render((bytes) => (html = bytes));
    // A page comes as its bytes (no second pass through the Response body); anything else
    // (a redirect, a last-resort error) is read from the response.
    const body = html ? Buffer.from(html.buffer, html.byteOffset, html.byteLength) : Buffer.from(await response.arrayBuffer());
    const headers = [...response.headers].filter(([name]) => name !== 'set-cookie' && name !== 'content-length');
    const type = response.headers.get('content-type') ?? '';
    return {
      status: response.status,
      headers,
      body: new EncodedBody(body),
      etag: weakEtag(body),
      csp: type.startsWith('text/html') ? csp.forPage(inlineScriptHashes(body.toString('utf8'))) : csp.base,
    };
  };
  // A cached page depends on its key alone (language | URL), so it can be rendered with no
  // visitor's request: the one a change re-renders in the background is the one a visitor gets.
  const pageCache = cachePages
    ? new PageCache<CachedPage>({
        ttlMs: services.config.PAGE_CACHE_SECONDS * 1000,
        maxEntries: 500,
        refreshLimit: 100,
        // Route discovery answers depend on the build only.
        unaffected: (key) => isManifestRequest(key.slice(key.indexOf('|') + 1)),
        keep: (page) => page.status < 500,
        render: (key) => {
          const [lang, url] = [key.slice(0, key.indexOf('|')), key.slice(key.indexOf('|') + 1)];
          const request = new Request(new URL(url, services.config.PUBLIC_URL), { headers: { cookie: `lang=${lang}`, 'accept-language': lang } });
          return capture((onHtml) => renderRequest(request, onHtml));
        },
        onError: (err, key) => app.log.error({ err, page: key }, 'page render failed'),
      })
    : null;
  services.pageCache = pageCache;
  services.metrics?.watchPages(() => pageCache?.stats ?? null);
  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: async (request, reply) => {
      if (mode === 'development') return sendFetchResponse(reply, await renderPage(request, reply, request.url));

      // Every page is rendered for an anonymous visitor (the token never reaches the server
      // during SSR), so one render serves everyone asking the same URL in the same language.
      const url = pageUrl(request.url);
      const params = new URL(url, 'http://page').searchParams;
      // The language the render will read: the kept ?lang (the first, if several), cookie, header.
      const key = `${requestLocale(request, params.get('lang'))}|${url}`;
      const edited = editedAt(request.headers.cookie);
      const page = pageCache ? await pageCache.get(key, edited) : await capture((onHtml) => renderPage(request, reply, url, onHtml));

      for (const [name, value] of page.headers) reply.header(name, value);
      reply.header('content-security-policy', page.csp);
      // A ?lang= address names its language: only the encoding changes its answer. A bare address takes
      // the language from the visitor's remembered choice (cookie) or browser (Accept-Language).
      reply.header('vary', params.has('lang') && !isDataRequest(url) ? 'Accept-Encoding' : 'Accept-Language, Cookie, Accept-Encoding');
      if (page.status === 200) {
        // (A route-discovery answer names its build version in its URL: React Router's immutable stands.)
        if (!isManifestRequest(url)) reply.header('cache-control', pageCacheControl(request, url, edited, services.config.SHARED_CACHE_SECONDS));
        reply.header('etag', page.etag);
        if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
      }
      reply.code(page.status);
      // Each encoded form is made once per rendered page and sent as it is to everyone.
      const encoding = page.body.length >= COMPRESS_FROM_BYTES ? acceptedEncoding(request, ['br', 'gzip']) : null;
      if (encoding) reply.header('content-encoding', encoding);
      if (request.method === 'HEAD') return reply.send();
      return reply.send(encoding ? page.body.encoded(encoding) : page.body.body);
    },
  });
}

/** The built site (production: its files served, one build for the process), or Vite's (development: rebuilt on each edit). */
async function loadBuild(app: FastifyInstance, mode: WebMode) {
  let getBuild: () => Promise<BuildWithContext>;
  let handler: ReturnType<typeof createRequestHandler>;

  if (mode === 'development') {
    const { createServer } = await import('vite');
    const middie = (await import('@fastify/middie')).default;
    const vite = await createServer({
      root: webDir,
      configFile: path.join(webDir, 'vite.config.ts'),
      server: { middlewareMode: true, hmr: { server: app.server } },
      appType: 'custom',
    });
    await app.register(middie);
    app.use(vite.middlewares);
    app.addHook('onClose', async () => vite.close());
    getBuild = async () => (await vite.ssrLoadModule('virtual:react-router/server-build')) as BuildWithContext;
    // Vite may hand a new build after an edit: React Router derives its routes again each time.
    handler = createRequestHandler(() => getBuild(), mode);
  } else {
    if (!fs.existsSync(serverBuildFile)) {
      throw new Error(`The site is not built (${serverBuildFile} is missing): run \`npm run build\`.`);
    }
    const build = (await import(pathToFileURL(serverBuildFile).href)) as BuildWithContext;
    getBuild = async () => build;
    // One build for the process: React Router derives its route tables once (given a function,
    // it would derive them again on every request).
    handler = createRequestHandler(build, mode);
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build leaves .br and .gz copies of every text file (web/scripts/precompress.mjs).
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.startsWith(path.join(clientDir, 'assets') + path.sep);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }
  return { getBuild, handler };
}

/** What the pages' loaders may read, on the server: the public shapes only, so no price or size can reach a rendered page. */
function ssrReaders(services: AppServices): Pick<SsrContext, 'brand' | 'catalogue' | 'journal' | 'pages' | 'listings' | 'media' | 'codes'> {
  const { catalogue, journal } = services;
  const ssrMedia: SsrContext['media'] = { describe: (urls) => services.media.describe(urls) };
  const ssrPages: SsrContext['pages'] = { texts: (page, lang) => services.pages.texts(page, lang) };
  const ssrListings: SsrContext['listings'] = {
    search: (q, lang) => services.listings.search(q, lang),
    carousel: (lang) => services.listings.carousel(lang),
  };
  const ssrJournal: SsrContext['journal'] = {
    sections: async (lang) => publicJournal.parse(await journal.publicJournal(lang)),
    post: async (slug, lang) => {
      const post = await journal.publicPost(slug, lang);
      return post ? publicPostPage.parse(post) : null;
    },
  };
  // Loaders only ever get the public shapes: no price or size can reach a rendered page.
  const ssrCatalogue: SsrContext['catalogue'] = {
    list: async (lang) => publicProductList.parse(await catalogue.listPublic(lang)),
    page: async (lang, filter) => {
      const seasons = await catalogue.publicSeasons(lang);
      const season = filter.season ? seasons.find((s) => s.code === filter.season!.trim().toUpperCase()) : undefined;
      const shown = await catalogue.publicPage(lang, { seasonId: season?.id }, { page: filter.page, limit: COLLECTION_PAGE_SIZE });
      return {
        products: publicProductList.parse(shown.data),
        total: shown.total,
        page: shown.page,
        limit: shown.limit,
        season: season?.code ?? null,
        seasons: seasons.map(({ code, name }) => ({ code, name })),
      };
    },
    get: async (id, lang) => {
      const product = await catalogue.getPublic(id, lang);
      return product ? publicProduct.parse(product) : null;
    },
    similar: async (id, lang) => publicProductList.parse((await catalogue.similar(id, lang)) ?? []),
  };
  // Codes without their sizes, and only when the owner chose to publish them (ADR 0033).
  const codes: SsrContext['codes'] = { published: (variantIds) => services.barcodes.published(variantIds) };
  return { brand: publicBrand(services.config), catalogue: ssrCatalogue, journal: ssrJournal, pages: ssrPages, listings: ssrListings, media: ssrMedia, codes };
}
