import type { Generated } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_ERRORS } from '@atelier/contract';
import { nowIso, type Db } from '../../src/db/index.ts';
import { HttpError } from '../../src/lib/http-errors.ts';
import { defineArea } from '../../src/platform/area.ts';
import type { DomainEvents, EventRecorder } from '../../src/platform/events.ts';

// The example area of docs/development.md ("A new area"), as a folder `server/src/modules/notes/` would
// hold it: its table's type, its event's name, its routes and its listener, declared here and nowhere else.

export interface NotesTable {
  id: Generated<number>;
  text: string;
  words: number | null;
  created_at: string;
}

declare module '../../src/db/schema.ts' {
  interface Database {
    notes: NotesTable;
  }
}

declare module '../../src/platform/events.ts' {
  interface DomainEventNames {
    'note.created': true;
  }
}

export interface NotesDeps {
  db: Db;
  events: EventRecorder & Pick<DomainEvents, 'settle'>;
}

const note = z.object({ id: z.number(), text: z.string(), words: z.number().nullable() });

const notesRoutes: FastifyPluginAsyncZod<NotesDeps> = async (app, { db, events }) => {
  app.post(
    '/admin/notes',
    { config: { access: 'admin' }, schema: { body: z.object({ text: z.string().min(1).max(2000) }), response: { 201: note } } },
    async (request, reply) => {
      // The note and its event in one transaction; the word count is the listener's, after the commit.
      const { id, eventId } = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('notes')
          .values({ text: request.body.text, words: null, created_at: nowIso() })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { id: row.id, eventId: await events.record(trx, 'note.created', row.id, { noteId: row.id }) };
      });
      await events.settle([eventId]);
      const saved = await db.selectFrom('notes').select(['id', 'text', 'words']).where('id', '=', id).executeTakeFirstOrThrow();
      return reply.code(201).send(saved);
    },
  );
  app.get(
    '/admin/notes/:id',
    { config: { access: 'admin' }, schema: { params: z.object({ id: z.coerce.number().int() }), response: { 200: note } } },
    async (request) => {
      const found = await db.selectFrom('notes').select(['id', 'text', 'words']).where('id', '=', request.params.id).executeTakeFirst();
      if (!found) throw new HttpError(404, API_ERRORS.notFound);
      return found;
    },
  );
};

export const notesArea = defineArea<NotesDeps>({
  name: 'notes',
  tables: ['notes'],
  routes: notesRoutes,
  listen: (events: DomainEvents) =>
    events.listen<{ noteId: number }>('note.created', 'notes.count-words', async (trx, event) => {
      const row = await trx.selectFrom('notes').select('text').where('id', '=', event.payload.noteId).executeTakeFirstOrThrow();
      await trx
        .updateTable('notes')
        .set({ words: row.text.trim().split(/\s+/).length })
        .where('id', '=', event.payload.noteId)
        .execute();
    }),
});
