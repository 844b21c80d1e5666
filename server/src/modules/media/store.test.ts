import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiskStore } from './store.ts';

describe('the uploads on disk', () => {
  it('the same file written many times at once: every write succeeds and the file is whole (a soak of uploads met 500s; fails on the main of 2026-11-25)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-'));
    try {
      const store = new DiskStore(dir);
      const data = Buffer.alloc(256 * 1024, 7);
      const name = 'aaaaaaaaaaaaaaaaaaaaaaaa-1600x2000.webp';
      const results = await Promise.allSettled(Array.from({ length: 40 }, () => store.put(name, data)));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      expect((await store.read(name))?.equals(data)).toBe(true);
      expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
