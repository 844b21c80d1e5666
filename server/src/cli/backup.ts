// npm run backup [-- --out DIR]   a consistent snapshot of the database and the uploads (unless they live in a bucket), in one .tar.gz
// npm run restore -- FILE         puts a snapshot back (stop the site first)
import { errorText } from '../lib/http-errors.ts';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Config } from '../config.ts';
import { pgSchemaOf } from '../db/index.ts';

function tar(args: string[]) {
  execFileSync('tar', args, { stdio: 'inherit' });
}

/** When uploads live in a bucket: what a backup covers, and what it leaves to the bucket. */
export function bucketNote(config: Config): string | null {
  if (!config.S3_BUCKET) return null;
  return (
    `The uploaded pictures live in the bucket ${config.S3_BUCKET}${config.S3_ENDPOINT ? ` (${config.S3_ENDPOINT})` : ''}: this archive holds the database only. ` +
    "Keep versioning on for the bucket, or copy it with its provider's tools (names never change, so a copy by name is complete); a restore leaves the bucket as it is."
  );
}

/** Writes DATA_DIR's database (online backup, safe while the site runs) and uploads into one archive. */
export async function backup(config: Config, outDir: string): Promise<string> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-'));
  try {
    if (config.DATABASE_URL) {
      // pg_dump takes a consistent snapshot in one transaction (the site's schema only).
      execFileSync(
        'pg_dump',
        [
          '--no-owner',
          '--no-privileges',
          '--format=plain',
          `--schema=${pgSchemaOf(config.DATABASE_URL)}`,
          '--file',
          path.join(work, 'database.sql'),
          config.DATABASE_URL,
        ],
        { stdio: 'inherit' },
      );
    } else {
      const source = new BetterSqlite3(path.join(config.dataDir, 'site.db'), { readonly: true, fileMustExist: true });
      await source.backup(path.join(work, 'site.db'));
      source.close();
    }
    const note = bucketNote(config);
    if (note) {
      // The pictures are in the bucket: the archive says so instead of holding them.
      fs.writeFileSync(path.join(work, 'MEDIA.txt'), `${note}\n`);
    } else {
      const uploads = path.join(config.dataDir, 'uploads');
      fs.mkdirSync(path.join(work, 'uploads'), { recursive: true });
      if (fs.existsSync(uploads)) fs.cpSync(uploads, path.join(work, 'uploads'), { recursive: true, filter: (f) => !f.endsWith('.tmp') });
    }
    const media = config.S3_BUCKET ? { bucket: config.S3_BUCKET, endpoint: config.S3_ENDPOINT ?? 'AWS' } : 'archive';
    fs.writeFileSync(
      path.join(work, 'backup.json'),
      JSON.stringify({ createdAt: new Date().toISOString(), database: config.DATABASE_URL ? 'postgres' : 'sqlite', media }, null, 2),
    );
    fs.mkdirSync(outDir, { recursive: true });
    const file = path.join(outDir, `backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`);
    tar(['-czf', file, '-C', work, '.']);
    return file;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Restores an archive made by backup(): the database and the uploads of DATA_DIR are replaced. */
export async function restore(config: Config, file: string): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'restore-'));
  try {
    tar(['-xzf', file, '-C', work]);
    const meta = JSON.parse(fs.readFileSync(path.join(work, 'backup.json'), 'utf8')) as { database: 'sqlite' | 'postgres' };
    if (meta.database === 'postgres') {
      if (!config.DATABASE_URL) throw new Error('This backup is of a PostgreSQL database: set DATABASE_URL.');
      const schema = pgSchemaOf(config.DATABASE_URL);
      const dump = path.join(work, 'database.sql');
      // The dump creates its schema itself unless it is `public`; in one transaction, so a
      // failed restore leaves the database as it was.
      const createsSchema = fs.readFileSync(dump, 'utf8').includes(`CREATE SCHEMA ${schema};`);
      fs.writeFileSync(
        path.join(work, 'restore.sql'),
        `SET client_min_messages = warning;\nDROP SCHEMA IF EXISTS ${schema} CASCADE;\n${createsSchema ? '' : `CREATE SCHEMA ${schema};\n`}\\i '${dump}'\n`,
      );
      execFileSync('psql', ['--quiet', '--set', 'ON_ERROR_STOP=1', '--single-transaction', config.DATABASE_URL, '--file', path.join(work, 'restore.sql')], {
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    } else {
      if (config.DATABASE_URL) throw new Error('This backup is of a SQLite database: unset DATABASE_URL.');
      fs.mkdirSync(config.dataDir, { recursive: true });
      const target = path.join(config.dataDir, 'site.db');
      for (const suffix of ['-wal', '-shm']) fs.rmSync(`${target}${suffix}`, { force: true });
      fs.copyFileSync(path.join(work, 'site.db'), `${target}.restoring`);
      fs.renameSync(`${target}.restoring`, target);
    }
    // An archive of a site whose pictures are in a bucket has none: the local uploads stay as they are.
    if (fs.existsSync(path.join(work, 'uploads'))) {
      const uploads = path.join(config.dataDir, 'uploads');
      fs.rmSync(uploads, { recursive: true, force: true });
      fs.cpSync(path.join(work, 'uploads'), uploads, { recursive: true });
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const { loadConfig } = await import('../config.ts');
  const config = loadConfig(process.env);
  const [command, ...rest] = process.argv.slice(2);
  try {
    if (command === 'backup') {
      const outIndex = rest.indexOf('--out');
      const out = outIndex >= 0 ? rest[outIndex + 1]! : path.resolve('backups');
      console.log(`Backup written: ${await backup(config, out)}`);
      const note = bucketNote(config);
      if (note) console.log(note);
    } else if (command === 'restore' && rest[0]) {
      await restore(config, path.resolve(rest[0]));
      console.log(`Restored ${rest[0]} into ${config.DATABASE_URL ? 'PostgreSQL' : config.dataDir}`);
    } else {
      console.error('Usage: npm run backup [-- --out DIR]   |   npm run restore -- FILE');
      process.exit(1);
    }
  } catch (err) {
    console.error(errorText(err));
    process.exit(1);
  }
}
