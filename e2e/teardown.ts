import fs from 'node:fs';
import { ACCOUNTS, SERVER_LOG } from './env.ts';

/** Passwords typed during the run (accounts and the ones tests choose). */
const SECRETS = [...Object.values(ACCOUNTS).map((a) => a.password), 'newpass123', 'brandnew2027', 'jours-lents-2027', 'not-the-password-1', 'still-wrong-1'];

/** After every e2e test: the server's logs of the whole run hold no password, token or reset link. */
export default function checkLogs() {
  if (!fs.existsSync(SERVER_LOG)) throw new Error(`no server log at ${SERVER_LOG}`);
  const log = fs.readFileSync(SERVER_LOG, 'utf8');
  const requests = log.split('\n').filter((line) => line.includes('"msg":"request"')).length;
  if (requests < 100) throw new Error(`the server log looks empty (${requests} requests): the check would prove nothing`);
  const problems: string[] = [];
  for (const secret of SECRETS) if (log.includes(secret)) problems.push(`a password (${secret.slice(0, 3)}…)`);
  if (/token=(?!\[redacted\])[A-Za-z0-9_-]{10,}/.test(log)) problems.push('a reset link token');
  if (/Bearer\s+[A-Za-z0-9_-]{20,}/i.test(log)) problems.push('a bearer token');
  if (/"access_token"\s*:\s*"[A-Za-z0-9_-]{20,}/.test(log)) problems.push('an access token');
  if (/whsec_[A-Za-z0-9+/]{16,}/.test(log)) problems.push('a webhook secret');
  if (/ak_[A-Za-z0-9_-]{43}/.test(log)) problems.push('an API key');
  if (problems.length) throw new Error(`The server logs of the e2e run contain ${problems.join(', ')}.`);
  console.log(`Server logs checked: ${requests} requests, no password, token, reset link, key or webhook secret.`);
}
