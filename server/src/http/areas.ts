import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../services.ts';

/**
 * Each area as one plugin under /api, handed the services it uses by name (ADR 0011): the list in
 * server/src/areas.ts (ADR 0028); each of its routes declares who may call it (lib/access.ts, ADR 0017).
 */
export async function registerAreas(api: FastifyInstance, services: AppServices): Promise<void> {
  for (const area of services.areas) await area.register(api, services);
}
