import { errorBody, feedQuery, productFeed, type Locale } from '@atelier/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyOf } from '../../lib/actor.ts';
import { CSV_TYPE, sendAttachment } from '../../lib/download.ts';
import { langOf } from '../../lib/locale.ts';
import { feedOf, picturesZip, shopifyCsv } from './feed.ts';
import type { CatalogueDeps } from './routes.ts';
import { atShopPrices } from './shop-prices.ts';

/** What the feed needs beside the catalogue's deps: the brand's name (the vendor), absolute picture URLs, the pictures' bytes. */
export interface FeedDeps extends CatalogueDeps {
  vendor: string;
  absolute(url: string): string;
  readPicture(url: string): Promise<Buffer | null>;
}

const tags = ['catalogue'];
const security = [{ bearer: [] }];
const signedIn = { access: 'retailer' } as const;
const WORDS: Record<Locale, { colour: string; size: string }> = { fr: { colour: 'Coloris', size: 'Taille' }, en: { colour: 'Colour', size: 'Size' } };

/** `/api/feed/…` (issue 60): the collection as a signed-in shop's till imports it — at its retail prices, with the EAN-13s, no trade price. */
export const feedRoutes: FastifyPluginAsyncZod<FeedDeps> = async (app, deps) => {
  /** The shop's styles: the season's, or the colours it ordered, at its prices. */
  const stylesFor = async (request: FastifyRequest, query: { season?: string | undefined; scope?: string | undefined }, lang: Locale) => {
    const seasonId = await deps.seasons.idOfCode(query.season);
    const ordered = query.scope === 'ordered' ? await deps.catalogue.feed.orderedBy(companyOf(request)) : undefined;
    return atShopPrices(request, deps.companies, await deps.catalogue.feed.styles(lang, seasonId, ordered));
  };
  const feedFor = async (request: FastifyRequest, query: { season?: string | undefined; scope?: string | undefined }) => {
    const lang = langOf(request);
    return feedOf(await stylesFor(request, query, lang), deps.vendor, lang, deps.absolute);
  };

  app.get(
    '/products.json',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: 'The season’s styles (or what the shop ordered) for its till: retail prices in its currency, EAN-13s',
        querystring: feedQuery,
        response: { 200: productFeed, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => feedFor(request, request.query),
  );
  app.get(
    '/products.csv',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: 'The same as Shopify’s product CSV, one row a colour × size (the first of a style with its fields)',
        querystring: feedQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const feed = await feedFor(request, request.query);
      return sendAttachment(reply, CSV_TYPE, `products-${request.query.season ?? 'all'}-${feed.lang}.csv`, shopifyCsv(feed, WORDS[feed.lang]));
    },
  );
  app.get(
    '/images.zip',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: 'The season’s pictures, full size, named by reference and colour',
        querystring: feedQuery,
        produces: ['application/zip'],
      },
    },
    async (request, reply) => {
      const styles = await stylesFor(request, request.query, langOf(request));
      return sendAttachment(reply, 'application/zip', `pictures-${request.query.season ?? 'all'}.zip`, picturesZip(styles, deps.readPicture));
    },
  );
};
