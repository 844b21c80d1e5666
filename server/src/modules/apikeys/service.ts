import { sql } from 'kysely';
import { mapPage, readPage, type Page, type PageRequest } from '../../lib/paging.ts';
import { API_KEY_MESSAGES, type ApiKey, type ApiKeyInput } from '@atelier/contract';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import { newToken, sha256 } from '../../lib/crypto.ts';
import type { Session } from '../../lib/guard.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { logActivity, type Actor } from '../activity/service.ts';
import { accountById, accountsByIds } from '../users/accounts.ts';

/** A key: `ak_` and 256 random bits, URL-safe. Only its SHA-256 is kept. */
export const API_KEY_PREFIX = 'ak_';
const SHOWN = 10;
const LAST_USED_EVERY_MS = 60_000;

/** A key as the list shows it, its maker's e-mail beside it. */
interface KeyRow {
  id: number;
  name: string;
  access: 'read' | 'write';
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  email: string | null;
}

/**
 * API keys (issue 35): one per integration (the accountant's tool, a webhook consumer), made by the
 * owner, read-only or read-write, shown once, kept as a hash, revocable. A key acts for the owner who
 * made it, on the back-office's API only: never on accounts, sign-in or keys (app.ts, `keyLimits`).
 */
export class ApiKeysService {
  private readonly db: Db;

  constructor({ db }: { db: Db }) {
    this.db = db;
  }

  private keys() {
    return this.db
      .selectFrom('api_keys')
      .select([
        'api_keys.id',
        'api_keys.name',
        'api_keys.access',
        'api_keys.prefix',
        'api_keys.created_at',
        'api_keys.created_by',
        'api_keys.last_used_at',
        'api_keys.revoked_at',
      ]);
  }

  /** The keys with their makers' e-mails (the users area's read model; a maker erased since: null). */
  private async shaped(rows: Array<Omit<KeyRow, 'email'> & { created_by: number | null }>): Promise<ApiKey[]> {
    const makers = await accountsByIds(
      this.db,
      rows.flatMap((r) => (r.created_by === null ? [] : [r.created_by])),
    );
    return rows.map((r) => this.shape({ ...r, email: r.created_by === null ? null : (makers.get(r.created_by)?.email ?? null) }));
  }

  private shape(r: KeyRow): ApiKey {
    return {
      id: r.id,
      name: r.name,
      access: r.access,
      prefix: r.prefix,
      createdAt: r.created_at,
      createdBy: r.email,
      lastUsedAt: r.last_used_at,
      revokedAt: r.revoked_at,
    };
  }

  /** A page of the owner's keys (or, with `companyId`, a shop's): the active ones first, newest first within each. */
  async list(paging: PageRequest = {}, companyId: number | null = null): Promise<Page<ApiKey>> {
    const active = sql<number>`(case when api_keys.revoked_at is null then 1 else 0 end)`;
    const keys = companyId === null ? this.keys().where('api_keys.company_id', 'is', null) : this.keys().where('api_keys.company_id', '=', companyId);
    const page = await readPage(keys, { sort: active, id: 'api_keys.id', sortOf: (r) => (r.revoked_at === null ? 1 : 0), idOf: (r) => r.id }, paging);
    return mapPage(page, (rows) => this.shaped(rows));
  }

  private async one(id: number): Promise<ApiKey> {
    return (await this.shaped([await this.keys().where('api_keys.id', '=', id).executeTakeFirstOrThrow()]))[0]!;
  }

  /** A new key (with `companyId`: a shop's, which reads its feed only): the answer is the only place it is ever written. */
  async create(input: ApiKeyInput, actor: Actor, companyId: number | null = null): Promise<ApiKey & { key: string }> {
    const key = `${API_KEY_PREFIX}${newToken()}`;
    const prefix = key.slice(0, API_KEY_PREFIX.length + SHOWN);
    const id = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('api_keys')
        .values({
          name: input.name,
          access: input.access,
          prefix,
          key_hash: sha256(key),
          created_at: nowIso(),
          created_by: actor.id,
          last_used_at: null,
          revoked_at: null,
          company_id: companyId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await logActivity(trx, actor, { kind: 'security', action: 'create', subject: input.name, subjectId: row.id, detail: { access: input.access, prefix } });
      return row.id;
    });
    return { ...(await this.one(id)), key };
  }

  /** Stops a key at once (its row stays, for the log); revoking twice changes nothing. A shop reaches only its own keys. */
  async revoke(id: number, actor: Actor, companyId: number | null = null): Promise<ApiKey> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('api_keys').select(['name', 'revoked_at', 'company_id']).where('id', '=', id).executeTakeFirst();
      if (!row || row.company_id !== companyId) throw new HttpError(404, API_KEY_MESSAGES.keyNotFound);
      if (row.revoked_at) return;
      await trx.updateTable('api_keys').set({ revoked_at: nowIso() }).where('id', '=', id).where('revoked_at', 'is', null).execute();
      await logActivity(trx, actor, { kind: 'security', action: 'delete', subject: row.name, subjectId: id });
    });
    return this.one(id);
  }

  /**
   * The session a key opens: an owner's key acts as the owner who made it; a shop's key as its maker in
   * the shop, reading the feed only (`keyLimits`). Null for an unknown, revoked or orphaned key, or a
   * shop's key whose maker was disabled or left the shop.
   */
  async authenticate(key: string): Promise<Session | null> {
    if (!/^ak_[A-Za-z0-9_-]{43}$/.test(key)) return null;
    const row = await this.db
      .selectFrom('api_keys')
      .select(['id', 'access', 'created_at', 'last_used_at', 'created_by', 'company_id'])
      .where('key_hash', '=', sha256(key))
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    const maker = row?.created_by ? await accountById(this.db, row.created_by) : undefined;
    if (!row || !maker || maker.disabled_at) return null;
    const shop = row.company_id !== null;
    if (shop ? maker.role !== 'retailer' || (maker.company_id ?? maker.id) !== row.company_id : maker.role !== 'admin') return null;
    const now = Date.now();
    if (!row.last_used_at || now - Date.parse(row.last_used_at) > LAST_USED_EVERY_MS) {
      await this.db
        .updateTable('api_keys')
        .set({ last_used_at: nowIso(new Date(now)) })
        .where('id', '=', row.id)
        .execute();
    }
    // No token of a signed-in person (0), never a recent sign-in: a key cannot pass a re-authentication.
    return {
      user: { id: maker.id, email: maker.email, role: maker.role },
      tokenId: 0,
      authenticatedAt: row.created_at,
      mfaMissing: false,
      ...(shop ? { company: { id: row.company_id!, role: maker.company_role ?? 'admin' } } : {}),
      apiKey: { id: row.id, access: shop ? 'read' : row.access, feedOnly: shop },
    };
  }
}
