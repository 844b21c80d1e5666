import { mapPage, readPage, type Page, type PageRequest } from '../../lib/paging.ts';
import { AGENT_MESSAGES, SET_PASSWORD_TOKEN_TTL_MS, type Agent, type agentInput, type agentUpdate } from '@atelier/contract';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import { publicBrand } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import type { AgentsTable, Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { logActivity, type Actor } from '../activity/service.ts';
import type { AuthService } from '../auth/service.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { agentInvitationMail } from '../mail/templates.ts';
import { accountByEmail, accountsByIds, changeAccount, insertAccount, requireAccount } from '../users/accounts.ts';
import { lastSignIns, revokeSessions } from '../auth/sessions.ts';

const percentOf = (bp: number | null) => (bp === null ? null : bp / 100);
const bpOf = (percent: number | null) => (percent === null ? null : Math.round(percent * 100));

/** An agent's own row (the agents area's table). */
type AgentRow = Pick<Selectable<AgentsTable>, 'id' | 'user_id' | 'name' | 'commission_bp' | 'invited_at'>;

/**
 * The label's sales agents (issue 34): the owner invites one (an account of the role `agent`, a
 * set-password link by mail, as a stockist's acceptance), changes their name or commission, turns them
 * off (no sign-in, every session ended) and on again. An agent sees trade prices, stock and the season;
 * the back-office's guard keeps every admin route shut to them.
 */
export class AgentsService {
  private readonly db: Db;
  private readonly config: Config;
  private readonly auth: Pick<AuthService, 'createPasswordToken' | 'passwordLink'>;
  private readonly kick: () => void;

  constructor({ db, config, auth, kick }: { db: Db; config: Config; auth: Pick<AuthService, 'createPasswordToken' | 'passwordLink'>; kick: () => void }) {
    this.db = db;
    this.config = config;
    this.auth = auth;
    this.kick = kick;
  }

  private query(db: Kysely<Database> = this.db) {
    return db.selectFrom('agents as a').select(['a.id', 'a.user_id', 'a.name', 'a.commission_bp', 'a.invited_at']);
  }

  /** The agents with their accounts (the users area's read model) and last sign-ins (the auth area's). */
  private async shaped(rows: AgentRow[], db: Kysely<Database> = this.db): Promise<Agent[]> {
    const userIds = rows.map((r) => r.user_id);
    const [accounts, signIns] = await Promise.all([accountsByIds(db, userIds), lastSignIns(db, userIds)]);
    return rows.map((row) => {
      const account = accounts.get(row.user_id);
      return {
        id: row.id,
        userId: row.user_id,
        name: row.name,
        email: account?.email ?? '',
        commissionRate: percentOf(row.commission_bp),
        active: account?.disabled_at === null,
        passwordSet: account?.password_set ?? false,
        invitedAt: row.invited_at,
        lastSignInAt: signIns.get(row.user_id) ?? null,
      };
    });
  }

  /** A page of the agents, by name. */
  async list(paging: PageRequest = {}): Promise<Page<Agent>> {
    const page = await readPage(this.query(), { sort: 'a.name', id: 'a.id', sortOf: (r) => r.name, idOf: (r) => r.id, direction: 'asc' }, paging);
    return mapPage(page, (rows) => this.shaped(rows));
  }

  private async one(id: number, db: Kysely<Database> = this.db): Promise<Agent> {
    const row = await this.query(db).where('a.id', '=', id).executeTakeFirst();
    if (!row) throw new HttpError(404, AGENT_MESSAGES.agentNotFound);
    return (await this.shaped([row], db))[0]!;
  }

  /** Writes the invitation (a fresh set-password link) in the caller's transaction. */
  private async invitation(trx: Kysely<Database>, agent: { userId: number; name: string; email: string; locale: 'fr' | 'en' }, key: string): Promise<void> {
    const token = await this.auth.createPasswordToken(trx, agent.userId, 'set', SET_PASSWORD_TOKEN_TTL_MS);
    await enqueueMail(trx, {
      to: agent.email,
      dedupeKey: key,
      ...agentInvitationMail(publicBrand(this.config), agent.locale, agent.name, agent.email, this.auth.passwordLink(token, agent.locale)),
    });
  }

  async invite(input: z.output<typeof agentInput>, actor: Actor): Promise<Agent> {
    const id = await this.db.transaction().execute(async (trx) => {
      if (await accountByEmail(trx, input.email)) throw new HttpError(409, AGENT_MESSAGES.emailTaken);
      const now = nowIso();
      const user = { id: await insertAccount(trx, { email: input.email, role: 'agent', locale: input.locale }) };
      const row = await trx
        .insertInto('agents')
        .values({ user_id: user.id, name: input.name, commission_bp: bpOf(input.commissionRate), invited_at: now, created_at: now, created_by: actor.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.invitation(trx, { userId: user.id, name: input.name, email: input.email, locale: input.locale }, `agent-invited:${row.id}:${now}`);
      await logActivity(trx, actor, { kind: 'security', action: 'create', subject: `agent ${input.name}`, subjectId: row.id, detail: { email: input.email } });
      return row.id;
    });
    this.kick();
    return this.one(id);
  }

  /** A new link, when the first has expired or was lost. */
  async reinvite(id: number, actor: Actor): Promise<Agent> {
    await this.db.transaction().execute(async (trx) => {
      const agent = await trx.selectFrom('agents').select(['user_id', 'name']).where('id', '=', id).executeTakeFirst();
      if (!agent) throw new HttpError(404, AGENT_MESSAGES.agentNotFound);
      const { email, locale } = await requireAccount(trx, agent.user_id);
      const row = { user_id: agent.user_id, name: agent.name, email, locale };
      const now = nowIso();
      await trx.updateTable('agents').set({ invited_at: now }).where('id', '=', id).execute();
      await this.invitation(trx, { userId: row.user_id, name: row.name, email: row.email, locale: row.locale }, `agent-invited:${id}:${now}`);
      await logActivity(trx, actor, { kind: 'security', action: 'publish', subject: `agent ${row.name}`, subjectId: id, detail: { email: row.email } });
    });
    this.kick();
    return this.one(id);
  }

  /** Rename, change the commission; `active: false` turns the account off and ends its sessions at once. */
  async update(id: number, input: z.output<typeof agentUpdate>, actor: Actor): Promise<Agent> {
    await this.db.transaction().execute(async (trx) => {
      const agent = await trx.selectFrom('agents').select('user_id').where('id', '=', id).executeTakeFirst();
      if (!agent) throw new HttpError(404, AGENT_MESSAGES.agentNotFound);
      const row = { user_id: agent.user_id, disabled_at: (await requireAccount(trx, agent.user_id)).disabled_at };
      const now = nowIso();
      await trx
        .updateTable('agents')
        .set({ name: input.name, commission_bp: bpOf(input.commissionRate) })
        .where('id', '=', id)
        .execute();
      const wasActive = row.disabled_at === null;
      if (wasActive !== input.active) {
        await changeAccount(trx, row.user_id, { disabled_at: input.active ? null : now });
        if (!input.active) await revokeSessions(trx, row.user_id, now);
      }
      await logActivity(trx, actor, {
        kind: 'security',
        action: wasActive === input.active ? 'update' : input.active ? 'show' : 'hide',
        subject: `agent ${input.name}`,
        subjectId: id,
        detail: { commission: input.commissionRate, active: input.active ? 'yes' : 'no' },
      });
    });
    return this.one(id);
  }
}
