import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { chromium } from '@playwright/test';

/**
 * Chromium for the tests: CHROMIUM_PATH, then the system's Chromium, then
 * Playwright's own (installed when missing and the network allows).
 */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  for (const candidate of candidates) if (candidate && fs.existsSync(candidate)) return candidate;
  const bundled = chromium.executablePath();
  if (bundled && fs.existsSync(bundled)) return undefined;
  try {
    execFileSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit', timeout: 300_000 });
    return undefined;
  } catch {
    throw new Error(
      'No Chromium found for the end-to-end tests. Install one (Debian/Ubuntu: `apt-get install -y chromium`) ' +
        'or point CHROMIUM_PATH at a Chrome/Chromium binary, or run `npx playwright install chromium` where the network allows.',
    );
  }
}
