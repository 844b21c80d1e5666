import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, pause } from '../harness/server-process.ts';

/** Debian's nginx (nginx-light), started on loopback by the cluster test and the bench. */
export const NGINX = process.env.NGINX ?? (fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');

export interface NginxProcess {
  base: string;
  stop(): Promise<void>;
}

/** Stops the run with the way to get nginx when it is missing (it is not skipped). */
export function requireNginx(): void {
  const probe = spawnSync(NGINX, ['-v'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0)
    throw new Error('nginx is needed for this test. Debian/Ubuntu: apt-get install -y nginx-light (or set NGINX to its path).');
}

const GUIDE = fileURLToPath(new URL('../../docs/operator-guide.md', import.meta.url));

/**
 * The operator's guide's own nginx configuration (docs/operator-guide.md) (the block with `proxy_cache`), made to run here: plain HTTP on a free
 * loopback port instead of TLS, the given instances as the upstream, the cache in a temporary directory.
 * What the guide tells an operator to write is what the tests go through.
 */
export function readmeNginxConfig(options: { port: number; upstreams: string[]; dir: string; extra?: string; cpus?: string }): string {
  const readme = fs.readFileSync(GUIDE, 'utf8');
  const block = [...readme.matchAll(/```nginx\n([\s\S]*?)```/g)].map((m) => m[1]!).find((b) => b.includes('proxy_cache_path'));
  if (!block) throw new Error('docs/operator-guide.md has no nginx block with proxy_cache_path');
  const site = block
    .replace(/proxy_cache_path \S+/, `proxy_cache_path ${path.join(options.dir, 'cache')}`)
    .replace(
      /upstream maison \{[\s\S]*?\n\}/,
      `upstream maison {\n${options.upstreams.map((u) => `    server ${new URL(u).host};`).join('\n')}\n    keepalive 32;\n}`,
    )
    // The plain-HTTP redirect server goes; the site's server listens on the test's port, without TLS.
    .replace(/server \{\s*listen 80;[\s\S]*?\n\}\n?/, '')
    .replace(/listen 443 ssl;/, `listen 127.0.0.1:${options.port};`)
    .replace(/^\s*(http2 on|ssl_certificate|ssl_certificate_key)\b.*\n/gm, '')
    .replace(/location \/ \{/, `${options.extra ?? ''}\n    location / {`);
  return `daemon off;
worker_processes 1;
${options.cpus ? `worker_cpu_affinity ${options.cpus};\n` : ''}pid ${path.join(options.dir, 'nginx.pid')};
error_log ${path.join(options.dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${path.join(options.dir, 'body')};
  proxy_temp_path ${path.join(options.dir, 'proxy')};
  fastcgi_temp_path ${path.join(options.dir, 'fastcgi')};
  uwsgi_temp_path ${path.join(options.dir, 'uwsgi')};
  scgi_temp_path ${path.join(options.dir, 'scgi')};
  default_type application/octet-stream;
${site}
}
`;
}

/**
 * nginx with the operator's guide's configuration in front of `upstreams`; `extra` adds locations (the bench's file baseline);
 * `cpus` holds its worker to some cores (`worker_cpu_affinity`'s mask), so that a load generator on another core never shares one.
 */
export async function startNginx(upstreams: string[], extra?: (dir: string) => string, cpus?: string): Promise<NginxProcess> {
  requireNginx();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-nginx-'));
  // Run as root, nginx's workers drop to nobody: they must be able to write the cache.
  fs.chmodSync(dir, 0o777);
  const port = await freePort();
  const config = path.join(dir, 'nginx.conf');
  fs.writeFileSync(config, readmeNginxConfig({ port, upstreams, dir, extra: extra?.(dir), ...(cpus ? { cpus } : {}) }));
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (d: Buffer) => (errors += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`nginx exited: ${errors}${fs.existsSync(path.join(dir, 'error.log')) ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8') : ''}`);
    try {
      await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1000) });
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not answer on ${port}: ${errors}`);
      await pause(50);
    }
  }
  return {
    base,
    async stop() {
      if (child.exitCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
