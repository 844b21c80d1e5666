import { expressionBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * What other areas may read of the orders area's tables (ADR 0029): one query a table, of the columns it
 * publishes. A reader joins it under the name it likes (`selectFrom(readX().as('x'))`) in one SQL query; a
 * column not listed is the area's alone. The orders area owns this file; it stands in read-models/, below
 * every area, so any area may join it without an import running up the layers.
 */
const from = expressionBuilder<Database, never>();

export const readOrderLines = () =>
  from
    .selectFrom('order_lines')
    .select([
      'allocated',
      'cancelled',
      'color_code',
      'color_name',
      'id',
      'list_price_cents',
      'order_id',
      'position',
      'product_id',
      'product_title',
      'quantity',
      'reference',
      'shipped',
      'size',
      'unit_price_cents',
      'variant_id',
    ]);
export const readOrders = () =>
  from
    .selectFrom('orders')
    .select([
      'company',
      'company_id',
      'created_at',
      'currency',
      'delivery_id',
      'deposit_pct',
      'discount_bp',
      'door_id',
      'id',
      'locale',
      'mode',
      'number',
      'pieces',
      'rate_micro',
      'retailer_email',
      'revision',
      'season_id',
      'ship_date',
      'status',
      'total_cents',
      'updated_at',
    ]);
export const readShipmentLines = () => from.selectFrom('shipment_lines').select(['id', 'order_line_id', 'quantity', 'shipment_id']);
export const readShipments = () => from.selectFrom('shipments').select(['id', 'number', 'order_id', 'seq', 'shipped_at', 'shipping_cents']);
/** What each allocation gave a pre-order's line against what it asked then (issue 58: the season's figures). */
export const readAllocationLines = () => from.selectFrom('allocation_lines').select(['allocation_id', 'asked', 'gets', 'id', 'order_id', 'order_line_id']);
