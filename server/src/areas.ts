import type { FastifyPluginOptions } from 'fastify';
import type { AppServices } from './app-services.ts';
import { mountArea, type Area, type MountedArea } from './platform/area.ts';
import { activityArea } from './modules/activity/index.ts';
import { agentsArea } from './modules/agents/index.ts';
import { apiKeysArea } from './modules/apikeys/index.ts';
import { approvedPlatformArea } from './modules/approved-platform/index.ts';
import { authArea } from './modules/auth/index.ts';
import { catalogueArea } from './modules/catalogue/index.ts';
import { companiesArea } from './modules/companies/index.ts';
import { contactArea } from './modules/contact/index.ts';
import { currenciesArea } from './modules/currencies/index.ts';
import { healthArea } from './modules/health/index.ts';
import { homeArea } from './modules/home/index.ts';
import { invoicesArea } from './modules/invoices/index.ts';
import { journalArea } from './modules/journal/index.ts';
import { listingsArea } from './modules/listings/index.ts';
import { mediaArea } from './modules/media/index.ts';
import { ordersArea } from './modules/orders/index.ts';
import { returnsArea } from './modules/returns/index.ts';
import { pagesArea } from './modules/pages/index.ts';
import { productionArea } from './modules/production/index.ts';
import { retailersArea } from './modules/retailers/index.ts';
import { salesArea } from './modules/sales/index.ts';
import { seasonsArea } from './modules/seasons/index.ts';
import { securityArea } from './modules/security/index.ts';
import { sellerArea } from './modules/seller/index.ts';
import { showroomArea } from './modules/showroom/index.ts';
import { stockArea } from './modules/stock/index.ts';
import { usersArea } from './modules/users/index.ts';
import { webhooksArea } from './modules/webhooks/index.ts';
import { wholesaleArea } from './modules/wholesale/index.ts';
import { mailArea } from './modules/mail/index.ts';
import { waitlistsArea } from './modules/waitlists/index.ts';
import { bankArea } from './modules/bank/index.ts';
import { barcodesArea } from './modules/barcodes/index.ts';

const mount = <Deps extends FastifyPluginOptions>(area: Area<Deps>, deps: (services: AppServices) => Deps) => mountArea<AppServices, Deps>(area, deps);

/**
 * Every area of the app, in the order the API document lists them (issue 56, item 4; ADR 0028). A new
 * area is one line here: its folder says its tables, routes and listeners (docs/development.md).
 */
export const AREAS: ReadonlyArray<MountedArea<AppServices>> = [
  mount(healthArea, (s) => ({ database: s.database })),
  mount(authArea, (s) => ({ auth: s.auth, config: s.config })),
  mount(securityArea, (s) => ({ auth: s.auth, config: s.config, security: s.security })),
  mount(catalogueArea, (s) => ({
    catalogue: s.catalogue,
    seasons: s.seasons,
    jsonCache: s.jsonCache,
    companies: s.companies,
    onContentChange: s.onContentChange,
    vendor: s.config.BRAND_NAME,
    absolute: (url: string) => new URL(url, s.config.PUBLIC_URL).toString(),
    readPicture: (url: string) =>
      /\/uploads\//.test(url) ? s.media.files.read(url.replace(/^.*\/uploads\//, '').replace(/[?#].*$/, '')) : Promise.resolve(null),
  })),
  mount(journalArea, (s) => ({ journal: s.journal, jsonCache: s.jsonCache, onContentChange: s.onContentChange })),
  mount(retailersArea, (s) => ({ config: s.config, retailers: s.retailers })),
  mount(contactArea, (s) => ({ config: s.config, contact: s.contact })),
  mount(wholesaleArea, (s) => ({ wholesale: s.wholesale, companies: s.companies })),
  mount(seasonsArea, (s) => ({ seasons: s.seasons, onContentChange: s.onContentChange })),
  mount(barcodesArea, (s) => ({ barcodes: s.barcodes, onContentChange: s.onContentChange })),
  mount(stockArea, (s) => ({ seasons: s.seasons, stock: s.stock, onStockChange: () => s.wholesale.invalidate() })),
  mount(ordersArea, (s) => ({ orders: s.orders, seasons: s.seasons, config: s.config })),
  mount(waitlistsArea, (s) => ({ waitlists: s.waitlists })),
  mount(returnsArea, (s) => ({ returns: s.returns, media: s.media, companies: s.companies })),
  mount(companiesArea, (s) => ({ companies: s.companies, onContentChange: s.onContentChange })),
  mount(invoicesArea, (s) => ({ companies: s.companies, invoices: s.invoices, users: s.users, config: s.config })),
  mount(bankArea, (s) => ({ bank: s.bank })),
  mount(currenciesArea, (s) => ({ currencies: s.currencies, onPricesChange: () => s.wholesale.invalidate() })),
  mount(listingsArea, (s) => ({ listings: s.listings, media: s.media, onContentChange: s.onContentChange })),
  mount(usersArea, (s) => ({ users: s.users })),
  mount(mediaArea, (s) => ({ config: s.config, media: s.media })),
  mount(productionArea, (s) => ({ config: s.config, production: s.production })),
  mount(salesArea, (s) => ({ sales: s.sales })),
  mount(sellerArea, (s) => ({ seller: s.seller })),
  mount(apiKeysArea, (s) => ({ apiKeys: s.apiKeys })),
  mount(webhooksArea, (s) => ({ webhooks: s.webhooks })),
  mount(approvedPlatformArea, (s) => ({ approvedPlatform: s.approvedPlatform, invoices: s.invoices })),
  mount(agentsArea, (s) => ({ agents: s.agents })),
  mount(showroomArea, (s) => ({ showroom: s.showroom })),
  mount(pagesArea, (s) => ({ pages: s.pages, onContentChange: s.onContentChange })),
  mount(activityArea, (s) => ({ activity: s.activity })),
  mount(homeArea, (s) => ({ home: s.home })),
  mount(mailArea, () => ({})),
];
