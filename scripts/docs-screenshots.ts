// The owner's guide's pictures (docs/screenshots/*-en.png, *-fr.png): the built site on a fresh copy of the
// demo content, the owner signed in, each back-office screen in each language at a laptop's width.
//   npm run build && node scripts/docs-screenshots.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { freePort, spawnServer } from '../server/harness/server-process.ts';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'docs/screenshots');
const OWNER = { email: 'owner@docs.example', password: 'docs-pictures-2026' };

/** Each picture: its name, the screen, and what must be on it before it is taken. */
const SHOTS: Array<{ name: string; url: string; ready: string }> = [
  { name: 'today', url: '/admin/today', ready: 'main h1' },
  { name: 'products', url: '/admin/products', ready: 'main table, main ul' },
  { name: 'seasons', url: '/admin/seasons', ready: 'main h1' },
  { name: 'stock', url: '/admin/stock', ready: 'main table' },
  { name: 'orders', url: '/admin/orders', ready: 'main table' },
  { name: 'invoices', url: '/admin/invoices', ready: 'main table' },
  { name: 'retailers', url: '/admin/retailers', ready: 'main h1' },
  { name: 'pages', url: '/admin/pages', ready: 'main form' },
];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-docs-'));
const port = await freePort();
const base = `http://localhost:${port}`;
const server = spawnServer(base, {
  ...(process.env as Record<string, string>),
  PORT: String(port),
  DATA_DIR: dataDir,
  ADMIN_EMAIL: OWNER.email,
  ADMIN_PASSWORD: OWNER.password,
  LOG_LEVEL: 'warn',
  PUBLIC_URL: base,
});
await server.ready(180_000);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined),
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
});
try {
  fs.mkdirSync(out, { recursive: true });
  for (const lang of ['fr', 'en'] as const) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, baseURL: base, locale: lang });
    await page.goto(`/login?lang=${lang}`);
    await page.waitForLoadState('networkidle');
    await page.locator('input[name=email]').fill(OWNER.email);
    await page.locator('input[name=password]').fill(OWNER.password);
    await page.locator('form button[type=submit]').click();
    await page.waitForURL(/\/admin/);
    for (const shot of SHOTS) {
      await page.goto(`${shot.url}?lang=${lang}`);
      await page.waitForLoadState('networkidle');
      await page.locator(shot.ready).first().waitFor();
      const png = await page.screenshot({ animations: 'disabled' });
      // A palette of 256 colours: a tenth of the bytes, the screen as readable.
      await sharp(png)
        .png({ palette: true, quality: 90, compressionLevel: 9 })
        .toFile(path.join(out, `${shot.name}-${lang}.png`));
      console.log(`docs/screenshots/${shot.name}-${lang}.png`);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
