// Each test worker on a PostgreSQL database of its own (set up before every test file, vitest.config.ts).
// Files running side by side each make and drop schemas; in one database, Kysely's migrator lists every
// schema's tables and fails when another file drops its schema at that moment ("schema … does not exist").
import pg from 'pg';

const base = process.env.DATABASE_URL;
const worker = process.env.VITEST_POOL_ID;
if (base && worker && !process.env.ATELIER_TEST_DATABASE) {
  const url = new URL(base);
  const name = `${url.pathname.replace(/^\//, '') || 'postgres'}_w${worker}`;
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unexpected test database name ${name}`);
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      try {
        await admin.query(`create database ${name}`);
      } catch (error) {
        // Another file of the same worker number made it first (42P04: duplicate database).
        if ((error as { code?: string }).code !== '42P04') throw error;
      }
    }
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  process.env.ATELIER_TEST_DATABASE = name;
}
