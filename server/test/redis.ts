import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { freePort, pause } from '../harness/server-process.ts';

/** A real redis-server on a free loopback port, for the tests that prove what instances share. */
export interface RedisProcess {
  url: string;
  port: number;
  /** Stops the server (SIGTERM, nothing saved). */
  stop(): Promise<void>;
  /** Starts it again on the same port (empty, as after a restart without persistence). */
  start(): Promise<void>;
}

export const REDIS_SERVER = process.env.REDIS_SERVER ?? 'redis-server';

/** Stops the run with the way to get redis-server when it is missing (it is not skipped). */
export function requireRedisServer(): void {
  const probe = spawnSync(REDIS_SERVER, ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error('redis-server is needed for these tests. Debian/Ubuntu: apt-get install -y redis-server (or set REDIS_SERVER to its path).');
  }
}

async function listening(port: number, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await pause(50);
  }
  throw new Error(`redis-server did not listen on ${port}`);
}

export async function startRedis(): Promise<RedisProcess> {
  requireRedisServer();
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'], {
      stdio: 'ignore',
    });
    await listening(port, 10_000);
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, start, stop };
}
