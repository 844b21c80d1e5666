import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = path.resolve(import.meta.dirname, 'user.ts');

describe('npm run user (shell account management, SQLite)', () => {
  it('creates an admin with a generated password printed once, refuses a duplicate, and lists accounts', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-'));
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
    try {
      const created = await run(process.execPath, [script, 'create', '--email', 'Owner@Example.com', '--role', 'admin'], { env });
      expect(created.stdout).toContain('Created admin owner@example.com');
      const password = /Password: (\S+)/.exec(created.stdout)?.[1];
      expect(password).toMatch(/^(?=.*\p{L})(?=.*\p{N}).{8,}$/u);

      const duplicate = await run(process.execPath, [script, 'create', '--email', 'owner@example.com', '--role', 'retailer', '--password', 'another-pass-1'], {
        env,
      }).catch((e: { code: number; stderr: string }) => e);
      expect((duplicate as { code: number }).code).toBe(1);
      expect((duplicate as { stderr: string }).stderr).toContain('already exists');

      const weak = await run(process.execPath, [script, 'create', '--email', 'shop@example.com', '--role', 'retailer', '--password', 'short'], { env }).catch(
        (e: { code: number }) => e,
      );
      expect((weak as { code: number }).code).toBe(1);

      await run(process.execPath, [script, 'create', '--email', 'shop@example.com', '--role', 'retailer', '--password', 'shop-pass-2026'], { env });
      const list = await run(process.execPath, [script, 'list'], { env });
      expect(list.stdout).toMatch(/\tadmin\towner@example\.com\n/);
      expect(list.stdout).toMatch(/\tretailer\tshop@example\.com\n/);

      const usage = await run(process.execPath, [script, 'create', '--email', 'x@example.com', '--role', 'boss'], { env }).catch(
        (e: { code: number; stderr: string }) => e,
      );
      expect((usage as { stderr: string }).stderr).toContain('Usage: npm run user');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000); // Several `npm run user` processes, each starting Node and migrating a database: 18 s on this two-core machine at rest.
});
