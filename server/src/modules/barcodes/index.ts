import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineArea } from '../../platform/area.ts';
import { adminBarcodeRoutes, adminTagRoutes, shopTagRoutes, type BarcodesDeps } from './routes.ts';

const barcodesModule: FastifyPluginAsyncZod<BarcodesDeps> = async (app, deps) => {
  await app.register(adminBarcodeRoutes, { ...deps, prefix: '/admin' });
  await app.register(adminTagRoutes, { ...deps, prefix: '/admin' });
  await app.register(shopTagRoutes, { ...deps, prefix: '/orders' });
};

/** Barcodes on every piece (issue 60): the GS1 prefix and each colour × size's EAN-13. */
export const barcodesArea = defineArea<BarcodesDeps>({
  name: 'barcodes',
  tables: ['barcode_settings', 'barcodes'],
  routes: barcodesModule,
});
