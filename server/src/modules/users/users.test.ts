import { afterEach, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type DbHandle } from '../../db/index.ts';
import { verifyPassword } from '../../lib/crypto.ts';
import { UsersService } from './service.ts';

describe('administrator at start', () => {
  let handle: DbHandle;
  afterEach(async () => handle.close());

  const fresh = async () => {
    handle = await openDatabase({ sqliteFile: ':memory:' });
    expect(await migrate(handle)).toBe(true);
    expect(await migrate(handle)).toBe(false); // idempotent: nothing new the second time
    return new UsersService({ db: handle.db });
  };

  it('creates an admin with a generated password on an empty database, once', async () => {
    const users = await fresh();
    const created = await users.ensureAdmin();
    expect(created?.email).toBe('admin@localhost.test');
    const row = await users.findByEmail('admin@localhost.test');
    expect(await verifyPassword(created!.generatedPassword!, row!.password_hash)).toBe(true);
    expect(await users.ensureAdmin()).toBeNull();
  });

  it('creates ADMIN_EMAIL with ADMIN_PASSWORD, and never overwrites a password changed later', async () => {
    const users = await fresh();
    expect(await users.ensureAdmin('Owner@Example.com', 'first-pass-1')).toEqual({ email: 'owner@example.com' });
    await handle.db.updateTable('users').set({ password_hash: 'scrypt$changed' }).execute();
    expect(await users.ensureAdmin('owner@example.com', 'first-pass-1')).toBeNull();
    expect((await users.findByEmail('owner@example.com'))!.password_hash).toBe('scrypt$changed');
  });

  it('promotes an existing account named by ADMIN_EMAIL to administrator', async () => {
    const users = await fresh();
    await users.create({ email: 'shop@example.com', role: 'retailer', password: 'shop-pass-2026' });
    await users.ensureAdmin('shop@example.com', 'whatever-1');
    expect((await users.findByEmail('shop@example.com'))!.role).toBe('admin');
  });
});
