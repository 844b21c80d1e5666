import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Proposals (issue 57): an order the label drafts for a shop (after a phone call, a visit). The shop's
 * people see it in their account, may adjust it, and send it as their own (an order like any other, ranked
 * when it is sent) or decline it; it lapses at its date. Its lines are kept as a draft's are.
 */
export async function m037Proposals(db: Kysely<any>, { id }: MigrationContext): Promise<void> {
  await id(db.schema.createTable('proposals'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('door_id', 'integer')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('expires_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('decided_at', 'varchar(32)')
    .addColumn('decided_by', 'integer')
    .addColumn('order_id', 'integer')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('proposals_company').on('proposals').columns(['company_id', 'status', 'id']).execute();
  await db.schema.createIndex('proposals_created').on('proposals').columns(['created_at', 'id']).execute();

  await id(db.schema.createTable('proposal_lines'))
    .addColumn('proposal_id', 'integer', (c) => c.notNull().references('proposals.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('variant_id', 'integer', (c) => c.notNull())
    .addColumn('size', 'varchar(8)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('mode', 'varchar(8)')
    .addColumn('delivery_id', 'integer')
    .execute();
  await db.schema.createIndex('proposal_lines_proposal').on('proposal_lines').columns(['proposal_id', 'position']).execute();
}
