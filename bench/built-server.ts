import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { MALLOC_ENV, NODE_FLAGS } from '../server/src/runtime/node-flags.ts';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The built server as `npm start` runs it (its heap bounds and allocator settings), on loopback at `port`, with its
 * data in `dataDir` and nothing seeded; `env` adds or overrides settings. The benches on the ten years use it.
 */
export function startBuiltServer(port: number, dataDir: string, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, [...NODE_FLAGS, 'server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      ...MALLOC_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'error',
      SEED: 'none',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
