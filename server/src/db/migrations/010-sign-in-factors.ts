import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/**
 * Second factors and sessions: passkeys (WebAuthn credentials), an authenticator app (TOTP),
 * recovery codes (hashed), single-use challenges that any instance can finish, and what a
 * session needs to be listed (user agent, last seen) and to count as a recent sign-in.
 */
export async function m010SignInFactors(db: Kysely<any>, { id }: MigrationContext): Promise<void> {
  await id(db.schema.createTable('passkeys'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_id', 'varchar(1400)', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('backed_up', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('passkeys_user_idx').on('passkeys').column('user_id').execute();

  await db.schema
    .createTable('totp_factors')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'varchar(64)', (c) => c.notNull())
    // null until the first code confirms it.
    .addColumn('confirmed_at', 'varchar(32)')
    // The last 30-second step a code was accepted for: the same code (or an older one) never serves twice.
    .addColumn('last_step', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('recovery_codes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('recovery_codes_user_idx').on('recovery_codes').columns(['user_id', 'code_hash']).execute();

  // WebAuthn challenges and mfa_tokens: stored hashed, single-use (deleted when used), 5 minutes.
  await id(db.schema.createTable('auth_challenges'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('mfa', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('auth_tokens').addColumn('authenticated_at', 'varchar(32)').execute();
  await db.schema.alterTable('auth_tokens').addColumn('last_seen_at', 'varchar(32)').execute();
  await db.schema.alterTable('auth_tokens').addColumn('user_agent', 'varchar(300)').execute();
  await db.schema.alterTable('auth_tokens').addColumn('method', 'varchar(12)').execute();
}
