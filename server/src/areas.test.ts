import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { AREAS } from './areas.ts';
import { loadConfig } from './config.ts';
import { migrate, openDatabase, type DbHandle } from './db/index.ts';
import { migrationContext } from './db/migrations/index.ts';
import { mountArea } from './platform/area.ts';
import { createServices, type AppServices } from './services.ts';
import { notesArea, type NotesDeps } from '../test/example-area/index.ts';
import { mNotes } from '../test/example-area/migration.ts';
import { ADMIN, DIALECTS } from '../test/helpers.ts';

// A new area as docs/development.md shows it (issue 56, item 4; ADR 0028): its folder declares its table,
// its route and its listener; the app mounts it from one line of the area list, and its migration runs
// with the others. Here the line is added to the list the test hands the app.
describe.each(DIALECTS)('a new area, mounted from its folder, on %s', (dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-area-'));
  const schema = `area_${process.pid}_${Date.now()}`;
  let database: DbHandle;
  let services: AppServices;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED: 'none',
      ...(dialect === 'postgres' ? { DATABASE_URL: process.env.DATABASE_URL! } : {}),
    });
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      sqliteFile: path.join(dataDir, 'site.db'),
      pgSchema: dialect === 'postgres' ? schema : undefined,
      pgPoolMax: 3,
    });
    await migrate(database);
    await mNotes(database.db, migrationContext(database.dialect));
    const notes = mountArea<AppServices, NotesDeps>(notesArea, (s) => ({ db: s.database.db, events: s.events }));
    services = createServices(config, database, pino({ level: 'silent' }), { send: async () => {} }, [...AREAS, notes]);
    await services.users.create({ email: ADMIN.email, role: 'admin', password: ADMIN.password });
    app = await buildApp({ services, logger: false });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await services.events.stop();
    if (dialect === 'postgres') await database.db.schema.dropSchema(schema).cascade().execute();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers on its route with the access it declares, and its listener runs after the commit, once', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
    const headers = { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };
    // Its route declares admin access: the guard every area's routes get refuses anyone else.
    expect((await app.inject({ method: 'POST', url: '/api/admin/notes', payload: { text: 'x' } })).statusCode).toBe(401);

    const created = await app.inject({ method: 'POST', url: '/api/admin/notes', headers, payload: { text: 'linen dresses for the spring' } });
    expect(created.statusCode).toBe(201);
    // The listener counted the words in its own transaction, after the note's commit.
    expect(created.json()).toMatchObject({ text: 'linen dresses for the spring', words: 5 });
    const id = created.json<{ id: number }>().id;
    expect((await app.inject({ method: 'GET', url: `/api/admin/notes/${id}`, headers })).json()).toMatchObject({ words: 5 });
    expect((await app.inject({ method: 'GET', url: '/api/admin/notes/999999', headers })).statusCode).toBe(404);
    const runs = await database.db.selectFrom('event_runs').select(['listener', 'status']).where('listener', '=', 'notes.count-words').execute();
    expect(runs).toEqual([{ listener: 'notes.count-words', status: 'done' }]);
  });
});
