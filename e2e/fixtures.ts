import type { APIRequestContext } from '@playwright/test';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { LANG_COOKIE, STORAGE_KEYS } from '@atelier/contract';
import { ACCOUNTS, AXE_CLEAN_DIR, BASE_URL, OUTBOX_DIR } from './env.ts';

export { expect };
export type AccountName = keyof typeof ACCOUNTS;

/** Messages the browser prints for API answers the screen handles itself (a refused sign-in, a 401). */
const EXPECTED_CONSOLE = [/Failed to load resource: the server responded with a status of 4\d\d/];

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile 360px', width: 360, height: 740 },
];

/**
 * A visitor after an edit: pages are served stale-while-revalidate, so a visitor (not the one who
 * saved) may get the previous page while the new one renders. Loads `url` until `check` passes,
 * within 10 s; `check` should use short timeouts (it is tried on each load).
 */
export async function loadUntil(page: Page, url: string, check: () => Promise<unknown>): Promise<void> {
  await expect(async () => {
    await page.goto(url);
    await check();
  }).toPass({ intervals: [100, 250, 500, 1000], timeout: 10_000 });
}

/** Waits until the page is hydrated and the session is loaded (no "loading" status left). */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.status-message'), undefined, { timeout: 10_000 }).catch(() => undefined);
}

/**
 * Who is looking, as the screens tell visitors apart: the kind of account signed in (its role, and
 * its role in its company) and the chosen language. Two stockists' buyers see the same screens with
 * other data; axe judges the screen, so one of them is enough.
 */
async function visitorOf(context: BrowserContext): Promise<string> {
  const state = await context.storageState();
  const stored = state.origins.find((o) => o.origin === BASE_URL)?.localStorage ?? [];
  const item = (name: string) => stored.find((i) => i.name === name)?.value ?? '';
  const lang = state.cookies.find((c) => c.name === LANG_COOKIE)?.value ?? '';
  let kind = 'anonymous';
  if (item(STORAGE_KEYS.token)) {
    try {
      const user = JSON.parse(item(STORAGE_KEYS.user) || '{}') as { role?: string; company?: { role?: string } };
      kind = `${user.role ?? 'unknown'}/${user.company?.role ?? ''}`;
    } catch {
      kind = 'unreadable';
    }
  }
  return `${kind}\0${item(STORAGE_KEYS.language)}\0${lang}`;
}

/**
 * The screen an address shows, whatever record it shows: ids become `:id`, and of the query only
 * the names stay (a search for "brest" and one for "69" are the same screen), except the language.
 */
export function screenOf(url: string): string {
  const parsed = new URL(url, BASE_URL);
  const pathname = parsed.pathname
    .split('/')
    .map((segment) => (/^\d+$|^[0-9a-f-]{16,}$/i.test(segment) ? ':id' : segment))
    .join('/');
  const names = [...new Set(parsed.searchParams.keys())].sort().map((name) => (name === 'lang' ? `lang=${parsed.searchParams.get(name)}` : name));
  return names.length ? `${pathname}?${names.join('&')}` : pathname;
}

/** What axe would look at: the page's elements and text, without scripts and nonces. */
async function pageFingerprint(page: Page): Promise<string> {
  const html = await page.evaluate(() => {
    const copy = document.documentElement.cloneNode(true) as HTMLElement;
    for (const script of copy.querySelectorAll('script')) script.remove();
    for (const element of copy.querySelectorAll('[nonce]')) element.removeAttribute('nonce');
    return copy.outerHTML;
  });
  return createHash('sha256').update(html).digest('hex');
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * axe-core run in the page itself (the site has no frames). @axe-core/playwright's builder
 * injected axe into the page again and opened a blank page to merge the results on every call:
 * 1.2-2.4 s a call on an idle machine, against 0.1 s for the run itself, and most of the suite's
 * time on a busy 2-core one.
 */
/** axe-core's violations on the page as it is now (one line each). */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async (tags) => {
    const results = await (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return results.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  }, AXE_TAGS);
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.targets.slice(0, 3).join(', ')}`);
}

export const test = base.extend<{ guard: void; a11y: (label?: string) => Promise<void>; allowConsole: RegExp[]; axeVisited: boolean }>({
  /** Console errors a test provokes on purpose (e.g. a faked server failure). */
  allowConsole: [[], { option: true }],
  /**
   * Off only where a test visits every screen for another purpose (the layout check): the
   * screens' own tests run axe on them, and running it again on every route at two widths
   * would double the suite's time.
   */
  axeVisited: [true, { option: true }],
  /**
   * Every test: no console error, no page error (React hydration errors
   * included); afterwards axe runs on every page the test visited, at desktop
   * and at 360 px wide, in the same browser context (same session), once per
   * run for each screen as each kind of visitor sees it: a screen (route with
   * its ids as `:id`, kind of account, language) a test already found clean
   * is not loaded again, whichever record it showed, and a page whose content
   * is exactly that of one already checked is not checked again. (States an
   * address does not reproduce, such as an open dialog or an error message,
   * are checked by the tests themselves: `a11y`.)
   */
  guard: [
    async ({ page, context, allowConsole, axeVisited }, use, testInfo) => {
      const problems: string[] = [];
      const visited = new Set<string>();
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if ([...EXPECTED_CONSOLE, ...allowConsole].some((re) => re.test(message.text()))) return;
        problems.push(`console error: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('framenavigated', (frame) => {
        if (frame !== page.mainFrame()) return;
        const url = new URL(frame.url());
        if (url.origin === BASE_URL) visited.add(url.pathname + url.search);
      });

      await use();

      expect(problems, 'console or page errors').toEqual([]);
      if (testInfo.status !== testInfo.expectedStatus || !axeVisited) return;
      const violations: string[] = [];
      const visitor = await visitorOf(context);
      for (const url of visited) {
        const screen = path.join(
          AXE_CLEAN_DIR,
          `screen-${createHash('sha256')
            .update(`${screenOf(url)}\0${visitor}`)
            .digest('hex')}`,
        );
        if (fs.existsSync(screen)) continue;
        const probe = await context.newPage();
        // Still pages: axe checks what is on the screen, not a frame of an animation (the
        // mantras' fade would lower the contrast of a text caught half-faded).
        await probe.emulateMedia({ reducedMotion: 'reduce' });
        probe.on('pageerror', (error) => violations.push(`${url}: page error ${error.message}`));
        await probe.setViewportSize({ width: VIEWPORTS[0]!.width, height: VIEWPORTS[0]!.height });
        await probe.goto(url);
        await settled(probe);
        // A page exactly as another test (or this one) already checked it, in the same build,
        // gives the same axe result at the same widths: it is checked once per run.
        const seen = path.join(AXE_CLEAN_DIR, await pageFingerprint(probe));
        if (!fs.existsSync(seen)) {
          const found: string[] = [];
          for (const viewport of VIEWPORTS) {
            // The same page at the other width (no script on the site reads the window's size).
            await probe.setViewportSize({ width: viewport.width, height: viewport.height });
            await probe.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
            for (const v of await axeViolations(probe)) found.push(`${url} [${viewport.name}] ${v}`);
          }
          violations.push(...found);
          if (found.length === 0) {
            fs.mkdirSync(AXE_CLEAN_DIR, { recursive: true });
            fs.writeFileSync(seen, url);
          }
        }
        if (fs.existsSync(seen)) fs.writeFileSync(screen, url);
        await probe.close();
      }
      expect(violations, 'accessibility (axe) on every visited page').toEqual([]);
    },
    { auto: true },
  ],
  /** Checks the page as it is now (a state a revisit would not show: an open menu, an error message). */
  a11y: async ({ page }, use) => {
    await use(async (label = page.url()) => {
      // A still page, as the visited pages' check sees it: no mantra caught half faded.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      // Transitions only (a fade ends); a spinner's animation runs for ever and is no reason to wait.
      await page
        .waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'), null, { timeout: 3000 })
        .catch(() => undefined);
      expect(await axeViolations(page), `axe: ${label}`).toEqual([]);
      await page.emulateMedia({ reducedMotion: null });
    });
  },
});

/** The text of a PDF, as a reader's search finds it (every page, pdf.js). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false });
  const doc = await task.promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i += 1) {
    const content = await (await doc.getPage(i)).getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
  }
  await task.destroy();
  return parts.join('\n');
}

/** Where a sign-in takes each role (web/app/lib/session.tsx `homeFor`). */
const HOME = { admin: '/admin/products', agent: '/showroom', retailer: '/collection' } as const;

/**
 * Signs in as the login screen does, without drawing it (the screen itself is driven by `signIn`, in the
 * sign-in tests): the API's sign-in, the session kept in the browser's storage as the screen keeps it, and
 * the role's home opened, where a sign-in lands. An account that must give a second factor goes through
 * the screen. Drawing /login and waiting for it cost each test that signs in a page load.
 */
export async function signInAs(page: Page, account: AccountName): Promise<void> {
  const { email, password } = ACCOUNTS[account];
  const answer = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(answer.status(), `sign-in of ${email}`).toBe(200);
  const body = (await answer.json()) as { access_token?: string; user?: { role: keyof typeof HOME } };
  if (!body.access_token || !body.user) return signIn(page, account);
  // Once, before the next page's scripts: a later sign-out stays signed out.
  const once = `e2e-session-${Math.random().toString(36).slice(2)}`;
  await page.context().addInitScript(
    ({ keys, token, user, once }) => {
      if (window.localStorage.getItem(once)) return;
      window.localStorage.setItem(once, '1');
      window.localStorage.setItem(keys.token, token);
      window.localStorage.setItem(keys.user, user);
    },
    { keys: STORAGE_KEYS, token: body.access_token, user: JSON.stringify(body.user), once },
  );
  await page.goto(HOME[body.user.role]);
}

/** Signs in through the login screen. */
export async function signIn(page: Page, account: AccountName, password: string = ACCOUNTS[account].password): Promise<void> {
  await page.goto('/login');
  await settled(page);
  await page.getByLabel(/^(E-mail)$/).fill(ACCOUNTS[account].email);
  await page.getByLabel(/^(Mot de passe|Password)$/).fill(password);
  await page.getByRole('button', { name: /^(Se connecter|Sign in)$/ }).click();
}

export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.token);
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The newest mail written to DATA_DIR/outbox (the server writes .eml files without SMTP) to `to` since `since` (and holding `containing`, when given: a mail that is still on its way is waited for, not mistaken for an earlier one). */
export async function waitForMail(to: string, since = 0, containing?: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (fs.existsSync(OUTBOX_DIR)) {
      const files = fs
        .readdirSync(OUTBOX_DIR)
        .filter((f) => f.endsWith('.eml'))
        .map((f) => path.join(OUTBOX_DIR, f))
        .filter((f) => fs.statSync(f).mtimeMs >= since)
        .sort();
      for (const file of files.reverse()) {
        const raw = fs.readFileSync(file, 'utf8');
        if (!new RegExp(`^To: .*${to.replace(/[.]/g, '\\.')}`, 'mi').test(raw)) continue;
        const text = decodeQuotedPrintable(raw);
        if (containing === undefined || text.includes(containing)) return text;
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail for ${to}`);
}

/** A bearer header for an account, signed in through the API (the screens under test come after). */
export async function bearer(request: APIRequestContext, account: AccountName): Promise<{ authorization: string }> {
  const res = await request.post('/api/auth/login', { data: { email: ACCOUNTS[account].email, password: ACCOUNTS[account].password } });
  expect(res.status(), `sign-in of ${ACCOUNTS[account].email}`).toBe(200);
  return { authorization: `Bearer ${(await res.json()).access_token as string}` };
}

/** The screen as it stands, on a phone (360 px) and on a computer (1280 px): it never scrolls sideways. */
export async function noSidewaysScrollAtBothWidths(page: Page): Promise<void> {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
}
