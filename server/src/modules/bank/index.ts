import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineArea } from '../../platform/area.ts';
import { accountBankRoutes, collectionRoutes, mandateRoutes, statementRoutes, type BankDepsOfRoutes } from './routes.ts';

const bankModule: FastifyPluginAsyncZod<BankDepsOfRoutes> = async (app, deps) => {
  for (const routes of [statementRoutes, mandateRoutes, collectionRoutes]) await app.register(routes, { ...deps, prefix: '/admin' });
  await app.register(accountBankRoutes, { ...deps, prefix: '/account' });
};

/**
 * Money in (issue 59): bank statements matched to invoices, SEPA direct debits and the payments that came
 * back. Its tables; the payments themselves stay the invoices area's (recorded and unmarked through it).
 */
export const bankArea = defineArea<BankDepsOfRoutes>({
  name: 'bank',
  tables: [
    'bank_statements',
    'bank_entries',
    'bank_entry_payments',
    'payer_accounts',
    'bank_settings',
    'sepa_mandates',
    'debit_collections',
    'debit_items',
    'payment_returns',
  ],
  routes: bankModule,
});
