// npm run privacy -- export --email someone@example.com   (JSON on stdout)
// npm run privacy -- erase --email someone@example.com
import { errorText } from '../lib/http-errors.ts';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { migrate, openDatabase } from '../db/index.ts';
import { PrivacyService } from '../modules/privacy/service.ts';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { email: { type: 'string' } } });
const config = loadConfig(process.env);
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: path.join(config.dataDir, 'site.db') });
let code = 0;
try {
  await migrate(database);
  const privacy = new PrivacyService({ db: database.db });
  if (!values.email || !['export', 'erase'].includes(positionals[0] ?? '')) {
    throw new Error('Usage: npm run privacy -- export|erase --email EMAIL');
  }
  if (positionals[0] === 'export') console.log(JSON.stringify(await privacy.export(values.email), null, 2));
  else console.log(`Erased for ${values.email}: ${JSON.stringify(await privacy.erase(values.email))}`);
} catch (err) {
  console.error(errorText(err));
  code = 1;
} finally {
  await database.close();
}
process.exit(code);
