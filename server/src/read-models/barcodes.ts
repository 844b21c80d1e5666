import { expressionBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * What other areas may read of the barcodes area's tables (ADR 0029): each colour × size's EAN-13. The
 * barcodes area owns this file; it stands in read-models/, below every area, so any area may join it.
 */
const from = expressionBuilder<Database, never>();

export const readBarcodes = () => from.selectFrom('barcodes').select(['gtin', 'size', 'variant_id']);
