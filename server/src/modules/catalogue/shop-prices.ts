import { discounted, fromCents, toCents } from '@atelier/contract';
import type { FastifyRequest } from 'fastify';
import { companyOf } from '../../lib/actor.ts';
import type { CompaniesService } from '../companies/service.ts';
import { retailIn, tradeIn } from '../currencies/pricing.ts';

/**
 * A shop's prices (issue 47): each trade price in its company's currency (its price list) and after its
 * discount, the trade price kept as `listPrice`; the retail price in that currency too. A colour without a
 * price in that currency is left out.
 */
export async function atShopPrices<T extends { id: number; variants: Array<{ price: number; listPrice?: number; retailPrice: number | null }> }>(
  request: FastifyRequest,
  companies: Pick<CompaniesService, 'terms'>,
  products: T[],
): Promise<T[]> {
  if (request.session?.user.role !== 'retailer') return products;
  const { discount, pricing } = await companies.terms.shopPricing(companyOf(request));
  if (discount <= 0 && pricing.currency === 'EUR') return products;
  const currency = pricing.currency === 'EUR' ? {} : { currency: pricing.currency };
  return products.map((p) => ({
    ...p,
    ...currency,
    variants: p.variants.flatMap((v) => {
      const trade = tradeIn(pricing, p.id, toCents(v.price));
      if (trade === null) return [];
      const retail = retailIn(pricing, p.id, v.retailPrice === null ? null : toCents(v.retailPrice));
      const retailPrice = retail === null ? null : fromCents(retail);
      if (discount <= 0) return [{ ...v, price: fromCents(trade), retailPrice }];
      return [{ ...v, price: fromCents(discounted(trade, discount, pricing.currency)), listPrice: fromCents(trade), retailPrice }];
    }),
  }));
}
