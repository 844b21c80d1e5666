import { describe, expect, it } from 'vitest';
import { requestOf } from './api-path.ts';

describe('requestOf: the URL of a call named by its endpoint', () => {
  it('fills path parameters (encoded, before a suffix such as .pdf) and appends the set query values', () => {
    expect(requestOf('GET /admin/invoices/:id.pdf', { id: 12 })).toEqual({ method: 'GET', url: '/api/admin/invoices/12.pdf' });
    expect(requestOf('DELETE /admin/invoices/:id/payments/:paymentId', { id: 3, paymentId: 9 }, { lang: 'en' })).toEqual({
      method: 'DELETE',
      url: '/api/admin/invoices/3/payments/9?lang=en',
    });
    expect(requestOf('GET /admin/pages/:page', { page: 'a b/c' }).url).toBe('/api/admin/pages/a%20b%2Fc');
    expect(requestOf('GET /admin/stock', {}, { season: 'AW27 & co', delivery: undefined, status: '', page: 2, confirm: false }).url).toBe(
      '/api/admin/stock?season=AW27+%26+co&page=2&confirm=false',
    );
  });

  it('refuses to build a call whose path parameter is missing (never /api/orders/undefined)', () => {
    expect(() => requestOf('GET /orders/:id', {})).toThrow(/:id/);
  });
});
