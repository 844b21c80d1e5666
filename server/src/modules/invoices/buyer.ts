import type { CompanyDetails } from '@atelier/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { parseCompany } from '../companies/service.ts';
import type { BuyerSnapshot } from './facturx.ts';
import { readRetailerDoors } from '../../read-models/companies.ts';

/**
 * The buyer as an order's documents name it: the company billed at its billing address; the goods go to
 * the order's door, whose address was the order's delivery address when it was sent (issue 46).
 */
export async function buyerOf(
  trx: Kysely<Database>,
  order: { door_id: number | null; company: string; retailer_email: string },
  company: CompanyDetails,
): Promise<BuyerSnapshot> {
  const door =
    order.door_id === null
      ? undefined
      : await trx.selectFrom(readRetailerDoors().as('retailer_doors')).select('name').where('id', '=', order.door_id).executeTakeFirst();
  return {
    name: company.companyName!,
    address: company.billing!,
    deliveryAddress: (door && parseCompany(order.company).delivery) || (company.delivery ?? null),
    deliveryName: door?.name ?? null,
    siren: company.siren ?? null,
    vatNumber: company.vatNumber,
    email: order.retailer_email,
  };
}
