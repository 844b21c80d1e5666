// `npm run typecheck`: the four TypeScript projects, checked side by side (after the routes' types are
// generated). One after the other they took 49 s on the 2-core CI machine, each tsc using little more
// than one core; two at a time they share the cores. Every project's errors are printed, and any error
// fails the whole.
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
// The largest first, so the small ones fill in beside them.
const projects = ['server', 'e2e', 'web', 'contract'];
const parallel = Math.max(1, Math.min(2, os.availableParallelism()));

const typegen = spawnSync('npm', ['run', 'typegen', '-w', 'web'], { cwd: root, stdio: 'inherit' });
if (typegen.status !== 0) process.exit(typegen.status ?? 1);

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '-p', project], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`tsc -p ${project}: ${code === 0 ? 'no error' : 'errors'} (${seconds} s)`);
      if (output.trim()) console.log(output.trimEnd());
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
const results = await Promise.all(
  Array.from({ length: parallel }, async () => {
    const passed = [];
    for (let project = queue.shift(); project; project = queue.shift()) passed.push(await check(project));
    return passed.every(Boolean);
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
