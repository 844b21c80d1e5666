// `npm test`'s last step: the unit and API tests (Vitest) and the end-to-end tests (Playwright) side by side.
// On a 2-core machine the browser tests spend much of their time waiting on pages; run one after the
// other the two took 10 + 20 minutes. Each line is prefixed with its suite; the step fails if either fails.
import { spawn } from 'node:child_process';

const suites = [
  ['unit', ['run', 'test:unit']],
  ['e2e', ['run', 'test:e2e:built']],
];

function run([name, args]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) process.stdout.write(`[${name}] ${line}\n`);
      });
      stream.on('end', () => rest && process.stdout.write(`[${name}] ${rest}\n`));
    }
    child.on('close', (code) => resolve({ name, code: code ?? 1, seconds: Math.round((Date.now() - started) / 1000) }));
  });
}

const results = await Promise.all(suites.map(run));
for (const r of results) console.log(`${r.name}: ${r.code === 0 ? 'passed' : `failed (exit ${r.code})`} in ${r.seconds} s`);
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
