// npm run user -- create --email someone@example.com --role admin|retailer [--password …]
// npm run user -- list
// npm run user -- reset-mfa --email someone@example.com   (removes passkeys, authenticator app and recovery codes; signs every session out)
import { errorText } from '../lib/http-errors.ts';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig } from '../config.ts';
import { migrate, openDatabase } from '../db/index.ts';
import { createServices } from '../services.ts';
import { generatePassword } from '../lib/crypto.ts';

const usage =
  'Usage: npm run user -- create --email EMAIL --role admin|retailer [--password PASSWORD]\n       npm run user -- list\n       npm run user -- reset-mfa --email EMAIL';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: 'string' }, role: { type: 'string' }, password: { type: 'string' } },
});

const config = loadConfig(process.env);
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: path.join(config.dataDir, 'site.db') });
let exitCode = 0;
try {
  await migrate(database);
  const services = createServices(config, database, pino({ level: 'silent' }));
  const command = positionals[0];
  if (command === 'create') {
    const role = values.role;
    if (!values.email || (role !== 'admin' && role !== 'retailer')) throw new Error(usage);
    const password = values.password ?? generatePassword();
    const user = await services.users.create({ email: values.email, role, password });
    console.log(`Created ${user.role} ${user.email}${values.password ? '' : `\nPassword: ${password} (shown once; change it on /account)`}`);
  } else if (command === 'reset-mfa') {
    if (!values.email) throw new Error(usage);
    if (!(await services.security.resetFactors(values.email))) throw new Error(`No account has the e-mail ${values.email}.`);
    // The mail telling the holder goes through the outbox: send it before the process ends.
    await services.mail.runOnce();
    console.log(
      `Second factors of ${values.email.trim().toLowerCase()} removed and every session signed out; they sign in with their password again. The activity log says so.`,
    );
  } else if (command === 'list') {
    for (const user of await services.users.list()) console.log(`${user.id}\t${user.role}\t${user.email}`);
  } else {
    throw new Error(usage);
  }
} catch (err) {
  console.error(errorText(err));
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
