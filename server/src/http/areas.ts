import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../services.ts';
import { activityModule } from '../modules/activity/index.ts';
import { agentsModule } from '../modules/agents/index.ts';
import { apiKeysModule } from '../modules/apikeys/index.ts';
import { approvedPlatformModule } from '../modules/approved-platform/index.ts';
import { authModule } from '../modules/auth/index.ts';
import { catalogueModule } from '../modules/catalogue/index.ts';
import { companiesModule } from '../modules/companies/index.ts';
import { contactModule } from '../modules/contact/index.ts';
import { currenciesModule } from '../modules/currencies/index.ts';
import { healthModule } from '../modules/health/index.ts';
import { homeModule } from '../modules/home/index.ts';
import { invoicesModule } from '../modules/invoices/index.ts';
import { journalModule } from '../modules/journal/index.ts';
import { listingsModule } from '../modules/listings/index.ts';
import { mediaModule } from '../modules/media/index.ts';
import { ordersModule } from '../modules/orders/index.ts';
import { returnsModule } from '../modules/returns/index.ts';
import { pagesModule } from '../modules/pages/index.ts';
import { productionModule } from '../modules/production/index.ts';
import { retailersModule } from '../modules/retailers/index.ts';
import { salesModule } from '../modules/sales/index.ts';
import { seasonsModule } from '../modules/seasons/index.ts';
import { securityModule } from '../modules/security/index.ts';
import { sellerModule } from '../modules/seller/index.ts';
import { showroomModule } from '../modules/showroom/index.ts';
import { stockModule } from '../modules/stock/index.ts';
import { usersModule } from '../modules/users/index.ts';
import { webhooksModule } from '../modules/webhooks/index.ts';
import { wholesaleModule } from '../modules/wholesale/index.ts';

/**
 * Each area as one plugin under /api, handed the services it uses by name (ADR 0011); each of its
 * routes declares who may call it (lib/access.ts, ADR 0017). A new area is one line here.
 */
export async function registerAreas(api: FastifyInstance, s: AppServices): Promise<void> {
  const { config, jsonCache, onContentChange } = s;
  // In the order the API document lists them.
  await api.register(healthModule, { database: s.database });
  await api.register(authModule, { auth: s.auth, config });
  await api.register(securityModule, { auth: s.auth, config, security: s.security });
  await api.register(catalogueModule, { catalogue: s.catalogue, seasons: s.seasons, jsonCache, companies: s.companies, onContentChange });
  await api.register(journalModule, { journal: s.journal, jsonCache, onContentChange });
  await api.register(retailersModule, { config, retailers: s.retailers });
  await api.register(contactModule, { config, contact: s.contact });
  await api.register(wholesaleModule, { wholesale: s.wholesale, companies: s.companies });
  await api.register(seasonsModule, { seasons: s.seasons, onContentChange });
  await api.register(stockModule, { seasons: s.seasons, stock: s.stock, onStockChange: () => s.wholesale.invalidate() });
  await api.register(ordersModule, { orders: s.orders, seasons: s.seasons, config });
  await api.register(returnsModule, { returns: s.returns, media: s.media, companies: s.companies });
  await api.register(companiesModule, { companies: s.companies, onContentChange });
  await api.register(invoicesModule, { companies: s.companies, invoices: s.invoices, users: s.users });
  await api.register(currenciesModule, { currencies: s.currencies, onPricesChange: () => s.wholesale.invalidate() });
  await api.register(listingsModule, { listings: s.listings, media: s.media, onContentChange });
  await api.register(usersModule, { users: s.users });
  await api.register(mediaModule, { config, media: s.media });
  await api.register(productionModule, { config, production: s.production });
  await api.register(salesModule, { sales: s.sales });
  await api.register(sellerModule, { seller: s.seller });
  await api.register(apiKeysModule, { apiKeys: s.apiKeys });
  await api.register(webhooksModule, { webhooks: s.webhooks });
  await api.register(approvedPlatformModule, { approvedPlatform: s.approvedPlatform, invoices: s.invoices });
  await api.register(agentsModule, { agents: s.agents });
  await api.register(showroomModule, { showroom: s.showroom });
  await api.register(pagesModule, { pages: s.pages, onContentChange });
  await api.register(activityModule, { activity: s.activity });
  await api.register(homeModule, { home: s.home });
}
