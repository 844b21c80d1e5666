import Fastify, { type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { accessControl } from './access.ts';

// ADR 0017: a route says who may call it, or the server does not start.
describe('each route declares its access', () => {
  const boot = async (add: (app: ReturnType<typeof Fastify>) => void) => {
    const app = Fastify();
    app.decorateRequest('session', null);
    try {
      await app.register(accessControl);
      await app.register(async (api) => add(api), { prefix: '/api' });
      await app.ready();
      return { app, error: null };
    } catch (error) {
      return { app, error: (error as Error).message };
    }
  };

  it('an /api route without a rule stops the start, naming the route', async () => {
    const { error } = await boot((api) => api.get('/orders/export', async () => ({})));
    expect(error).toBe('GET /api/orders/export declares no access (config.access, lib/access.ts)');
  });

  it('a back-office route that declares less than admin stops the start', async () => {
    const { error } = await boot((api) => api.get('/admin/orders/export', { config: { access: 'signed-in' } }, async () => ({})));
    expect(error).toBe("GET /api/admin/orders/export is under /api/admin but declares access 'signed-in'");
  });

  it('a declared rule is enforced on its route: anonymous 401, another role 403 with the route’s refusal', async () => {
    const { app, error } = await boot((api) => {
      api.addHook('onRequest', async (request: FastifyRequest) => {
        const role = request.headers['x-role'];
        request.session = role ? ({ user: { id: 1, email: 'a@b.c', role }, tokenId: 1, authenticatedAt: '', mfaMissing: false } as never) : null;
      });
      api.get('/orders', { config: { access: 'retailer', refusal: 'Administrators cannot place orders.' } }, async () => ({ ok: true }));
    });
    expect(error).toBeNull();
    expect((await app.inject({ url: '/api/orders' })).statusCode).toBe(401);
    const owner = await app.inject({ url: '/api/orders', headers: { 'x-role': 'admin' } });
    expect([owner.statusCode, owner.json().error]).toEqual([403, 'Administrators cannot place orders.']);
    expect((await app.inject({ url: '/api/orders', headers: { 'x-role': 'retailer' } })).json()).toEqual({ ok: true });
  });
});
