import { readPage, type PageRequest } from '../../lib/paging.ts';
import { ACTIVITY_PAGE_SIZE, type ActivityAction, type ActivityEntry, type ActivityKind, type ActivityPage } from '@atelier/contract';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';

export type { Actor } from '../../lib/actor.ts';

export interface ActivityRecord {
  kind: ActivityKind;
  action: ActivityAction;
  subject: string;
  subjectId?: number | string | null;
  detail?: Record<string, string | number | null> | null;
}

/**
 * Appends to the back-office log with the caller's executor: inside the write's own
 * transaction, so an entry exists exactly when its write does.
 */
export async function logActivity(db: Kysely<Database>, actor: Actor | null | undefined, ...records: ActivityRecord[]): Promise<void> {
  if (records.length === 0) return;
  const at = nowIso();
  await db
    .insertInto('activity_log')
    .values(
      records.map((r) => ({
        created_at: at,
        user_id: actor?.id ?? null,
        user_email: actor?.email ?? null,
        kind: r.kind,
        action: r.action,
        subject: r.subject.slice(0, 300),
        subject_id: r.subjectId === undefined || r.subjectId === null ? null : String(r.subjectId),
        detail: r.detail ? JSON.stringify(r.detail) : null,
      })),
    )
    .execute();
}

export class ActivityService {
  private readonly db: Db;
  constructor({ db }: { db: Db }) {
    this.db = db;
  }

  /** Newest first, ACTIVITY_PAGE_SIZE per page. Append-only: there is no write here. */
  /** A page of the log, newest first (50 unless `limit` says otherwise), optionally of one kind. */
  async list(kind: ActivityKind | undefined, paging: PageRequest = {}): Promise<ActivityPage> {
    let query = this.db.selectFrom('activity_log').selectAll();
    if (kind) query = query.where('kind', '=', kind);
    const page = await readPage(
      query,
      { sort: 'activity_log.id', id: 'activity_log.id', sortOf: (r) => r.id, idOf: (r) => r.id },
      { limit: ACTIVITY_PAGE_SIZE, ...paging },
    );
    const data: ActivityEntry[] = page.data.map((r) => ({
      id: r.id,
      at: r.created_at,
      by: r.user_email,
      kind: r.kind as ActivityKind,
      action: r.action as ActivityAction,
      subject: r.subject,
      subjectId: r.subject_id,
      detail: r.detail ? (JSON.parse(r.detail) as ActivityEntry['detail']) : null,
    }));
    return { ...page, data, pageSize: page.limit };
  }
}
