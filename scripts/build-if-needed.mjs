// `npm start` builds the site when the build is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// The oldest of what the build makes: the site's server bundle and the server as JavaScript (build-server.ts).
const builtFiles = [path.join(root, 'web/build/server/index.js'), path.join(root, 'server/dist/main.js')];

function newest(dir) {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    if (full.includes(`${path.sep}.react-router${path.sep}`)) continue;
    latest = Math.max(latest, fs.statSync(full).mtimeMs);
  }
  return latest;
}

const sources = Math.max(
  newest(path.join(root, 'web/app')),
  newest(path.join(root, 'web/public')),
  newest(path.join(root, 'contract/src')),
  newest(path.join(root, 'server/src')),
  fs.statSync(path.join(root, 'web/vite.config.ts')).mtimeMs,
);
if (builtFiles.every((file) => fs.existsSync(file) && fs.statSync(file).mtimeMs >= sources)) process.exit(0);

console.log('Building the site (first start, or sources changed)…');
const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
