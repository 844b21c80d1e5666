import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { MALLOC_ENV, NODE_FLAGS } from '../src/runtime/node-flags.ts';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The real server (`server/src/main.ts`) in a child process, as the ops scripts drive it. */
export interface ServerProcess {
  readonly pid: number;
  /** Waits for /api/health to answer 200 (or the process to die). */
  ready(timeoutMs?: number): Promise<void>;
  /** SIGKILL: no shutdown code runs. */
  kill(): Promise<void>;
  /** SIGTERM: the graceful stop. */
  stop(): Promise<void>;
  /** Resident memory in MB, read from /proc. */
  rssMb(): number;
  /** The last error the server logged (a 500's cause), or '' when none. */
  lastError(): string;
}

export function spawnServer(base: string, env: Record<string, string>): ServerProcess {
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [...NODE_FLAGS, MAIN], { env: { ...MALLOC_ENV, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (d: Buffer) => (output = (output + d.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    pid: child.pid!,
    async ready(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (!alive()) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${output}`);
        try {
          if ((await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1000) })).ok) return;
        } catch {
          /* not up yet */
        }
        await pause(50);
      }
      throw new Error(`the server did not answer within ${timeoutMs / 1000} s:\n${output}`);
    },
    async kill() {
      if (alive()) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (alive()) child.kill('SIGTERM');
      await exited;
    },
    lastError() {
      const lines = output.split('\n').filter((line) => /"level":(50|60)/.test(line));
      return lines.at(-1)?.slice(0, 600) ?? '';
    },
    rssMb() {
      const status = readProc(child.pid!);
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return kb / 1024;
    },
  };
}

function readProc(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return '';
  }
}
