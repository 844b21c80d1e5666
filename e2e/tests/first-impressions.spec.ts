import type { CDPSession, Page } from '@playwright/test';
import { expect, settled, test } from '../fixtures.ts';

type Box = { x: number; y: number; width: number; height: number };

/** The font Chromium actually draws an element's text with (the platform font, and whether a @font-face gave it). */
async function drawnWith(cdp: CDPSession, page: Page, selector: string): Promise<{ familyName: string; isCustomFont: boolean }[]> {
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  expect(nodeId, `${selector} is on ${page.url()}`).toBeGreaterThan(0);
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  return fonts;
}

const WATCHED = ['.hero', '.hero__kicker', '.hero__title', '.hero__mantra', '.hero__description', '.hero .button', '.product-card__title'];

async function boxes(page: Page): Promise<Record<string, Box>> {
  const found: Record<string, Box> = {};
  for (const selector of WATCHED) {
    const box = await page.locator(selector).first().boundingBox();
    expect(box, `${selector} is laid out`).not.toBeNull();
    found[selector] = box!;
  }
  return found;
}

test.describe('first visit: the brand fonts', () => {
  for (const width of [360, 1280]) {
    test(`at ${width} px, text drawn before the fonts arrive does not move when they land`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      // The font files are held back (1 s at least) until the page has been measured in its fallback faces.
      let release!: () => void;
      const measured = new Promise<void>((resolve) => (release = resolve));
      let held = 0;
      await page.route('**/*.woff2', async (route) => {
        held += 1;
        await Promise.all([measured, new Promise((resolve) => setTimeout(resolve, 1000))]);
        await route.continue();
      });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('DOM.enable');
      await cdp.send('CSS.enable');

      await page.goto('/', { waitUntil: 'domcontentloaded' });
      await expect(page.locator('.product-card__title').first()).toBeVisible();
      await expect.poll(() => held, { message: 'the page asked for its fonts' }).toBeGreaterThan(0);
      expect(await page.evaluate(() => [...document.fonts].filter((face) => face.status === 'loaded' && !face.family.includes('fallback')).length)).toBe(0);

      // Text shows at once (swap), in the metric-matched fallback face, not the brand font.
      const before = await boxes(page);
      const fallback = await drawnWith(cdp, page, '.hero__title');
      expect(fallback.map((font) => font.familyName).join()).not.toMatch(/Cormorant/);
      // …through the fallback @font-face (its local() font found and loaded), not the bare system font.
      const fallbackFaces = await page.evaluate(() =>
        [...document.fonts].filter((face) => face.family.endsWith(' fallback')).map((face) => `${face.family} ${face.style}: ${face.status}`),
      );
      expect(fallbackFaces).toContain('Cormorant Garamond Variable fallback normal: loaded');
      expect(fallbackFaces).toContain('Source Sans 3 Variable fallback normal: loaded');

      release();
      await page.waitForFunction(
        () =>
          document.fonts.status === 'loaded' && [...document.fonts].some((face) => face.family === 'Cormorant Garamond Variable' && face.status === 'loaded'),
      );
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

      expect((await drawnWith(cdp, page, '.hero__title')).map((font) => font.familyName).join()).toMatch(/Cormorant Garamond/);
      expect((await drawnWith(cdp, page, '.hero__description')).map((font) => font.familyName).join()).toMatch(/Source Sans 3/);
      const after = await boxes(page);
      const moved = WATCHED.flatMap((selector) =>
        (['x', 'y', 'width', 'height'] as const)
          .filter((side) => Math.abs(after[selector]![side] - before[selector]![side]) > 1)
          .map((side) => `${selector} ${side}: ${before[selector]![side]} → ${after[selector]![side]}`),
      );
      expect(moved, 'nothing moved by more than 1 px').toEqual([]);
    });
  }
});

test.describe('first visit: the brand fonts are cut to what the site draws', () => {
  const FONT = /\/assets\/[\w.-]+\.woff2$/;

  test('a page preloads three small font files, and a letter outside French and English still comes in the brand font', async ({ page }) => {
    const fonts = new Map<string, number>();
    page.on('requestfinished', async (request) => {
      if (FONT.test(request.url())) fonts.set(new URL(request.url()).pathname, (await request.sizes()).responseBodySize);
    });
    await page.goto('/?lang=fr');
    await expect(page.locator('link[rel="preload"][as="font"]')).toHaveCount(3);
    await expect.poll(() => fonts.size).toBe(3);
    // The letters of French and English text, the weights the stylesheet uses: 65 KB in all (the
    // Fontsource files were 106 KB).
    const sizes = [...fonts.values()];
    for (const [path, size] of fonts) expect(size, path).toBeLessThan(26_000);
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThan(70_000);
    expect(
      [...fonts.keys()].some((path) => path.includes('.rest.')),
      'no page of the demo needs the rest of Latin',
    ).toBe(false);

    // An owner who writes "Straße" or "España": the rest of the face arrives, and draws it. (The
    // title is changed once React has taken the page over, or its hydration would see other text.)
    await settled(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    await page.locator('.hero__title').evaluate((title) => (title.textContent = 'Straße, España'));
    await expect.poll(() => [...fonts.keys()].filter((path) => path.includes('cormorant-garamond-latin-wght-normal.rest.')).length).toBe(1);
    // Every letter of it in the brand's face: no system font for ß or ñ.
    await expect
      .poll(async () => [
        ...new Set(
          (await drawnWith(cdp, page, '.hero__title')).map((font) =>
            font.isCustomFont && /Cormorant Garamond/.test(font.familyName) ? 'brand' : font.familyName,
          ),
        ),
      ])
      .toEqual(['brand']);
  });

  test('without JavaScript, the stylesheet loads the brand fonts itself', async ({ browser }) => {
    const visitor = await browser.newContext({ javaScriptEnabled: false, locale: 'fr-FR' });
    const page = await visitor.newPage();
    const fonts: string[] = [];
    page.on('requestfinished', (request) => {
      if (FONT.test(request.url())) fonts.push(request.url());
    });
    await page.goto('/?lang=fr');
    await expect.poll(() => fonts.length).toBeGreaterThanOrEqual(2);
    const cdp = await visitor.newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    await expect.poll(async () => (await drawnWith(cdp, page, '.hero__title')).map((font) => font.familyName).join()).toMatch(/Cormorant Garamond/);
    await visitor.close();
  });
});

test.describe('first visit: the pictures', () => {
  test('a card shows a blurred preview from the page itself until its picture arrives, then the AVIF picture takes its place without moving anything', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    let release!: () => void;
    const measured = new Promise<void>((resolve) => (release = resolve));
    const held: string[] = [];
    await page.route(/\/uploads\//, async (route) => {
      held.push(new URL(route.request().url()).pathname);
      await measured;
      await route.continue();
    });
    await page.goto('/collection', { waitUntil: 'domcontentloaded' });
    const image = page.locator('.product-card__image img').first();
    const title = page.locator('.product-card__title').nth(2);
    await expect(image).toBeVisible();
    await expect.poll(() => held.length, 'the browser asked for the pictures').toBeGreaterThan(0);

    // The preview is inline (a data: URL in the HTML): it paints while every picture is held back.
    const preview = await image.evaluate((img) => getComputedStyle(img).backgroundImage);
    expect(preview).toMatch(/^url\("data:image\/webp;base64,[A-Za-z0-9+/=]+"\)$/);
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(false);
    const { default: sharp } = await import('sharp');
    const painted = await sharp(await image.screenshot()).stats();
    expect(Math.max(...painted.channels.map((c) => c.stdev)), 'the box shows a picture-like preview, not a flat box').toBeGreaterThan(4);
    const before = { image: await image.boundingBox(), title: await title.boundingBox() };

    release();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // Chromium reads AVIF: it takes the AVIF rendition the pipeline made.
    expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/uploads\/[a-f0-9]+-\d+x\d+(-\d+)?\.avif$/);
    expect(
      held.some((path) => path.endsWith('.webp')),
      'no WebP fetched beside the AVIF',
    ).toBe(false);
    const after = { image: await image.boundingBox(), title: await title.boundingBox() };
    expect(after).toEqual(before);
  });

  test('the home hero picture is the AVIF rendition, preloaded as AVIF at high priority', async ({ page }) => {
    await page.goto('/');
    const hero = page.locator('.hero__media img');
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await hero.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.avif$/);
    await expect(page.locator('.hero__media source[type="image/avif"]')).toHaveAttribute('srcset', /480w.*960w/);
    const preload = page.locator('link[rel="preload"][as="image"]');
    await expect(preload).toHaveCount(1);
    await expect(preload).toHaveAttribute('type', 'image/avif');
    await expect(preload).toHaveAttribute('fetchpriority', 'high');
  });
});

test.describe('first visit: the scripts wait for the first paint', () => {
  test('a reading page asks for no script nor strings until it has loaded and painted, then becomes interactive by itself', async ({ page }) => {
    const scripts: { url: string; at: number }[] = [];
    const strings: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push({ url: request.url(), at: Date.now() });
      if (/\/assets\/[\w.-]+\.json$/.test(request.url())) {
        scripts.push({ url: request.url(), at: Date.now() });
        strings.push(new URL(request.url()).pathname);
      }
    });
    let loadedAt = 0;
    page.on('load', () => (loadedAt = Date.now()));
    await page.goto('/collection/8?lang=fr');
    // Nobody touches the page: its scripts still start, after the load event.
    await expect.poll(() => scripts.length, { timeout: 10_000 }).toBeGreaterThan(3);
    expect(loadedAt).toBeGreaterThan(0);
    for (const script of scripts) expect(script.at, script.url).toBeGreaterThanOrEqual(loadedAt);
    // The strings are a file of the page's language, kept for good by the browser.
    await expect.poll(() => strings).toEqual([expect.stringMatching(/^\/assets\/fr-[\w-]+\.json$/)]);
    const file = await page.request.get(strings[0]!);
    expect(file.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await file.json()).nav).toBeTruthy();
    // Interactive: the language button works, and the other language's strings come with it.
    await page.getByTestId('lang-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Story' })).toBeVisible();
    expect(strings).toEqual([expect.stringMatching(/^\/assets\/fr-/), expect.stringMatching(/^\/assets\/en-[\w-]+\.json$/)]);
  });

  test('the home page asks for its scripts only once its hero picture is on screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/?lang=fr');
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => /\/assets\/[\w-]+\.js$/.test(entry.name)).length))
      .toBeGreaterThan(3);
    const order = await page.evaluate(
      () =>
        new Promise<{ picturePainted: number; firstScript: number }>((resolve) => {
          new PerformanceObserver((list) => {
            const hero = list.getEntries().find((entry) => (entry as PerformanceEntry & { element?: Element }).element?.closest('.hero__media'));
            const scripts = performance.getEntriesByType('resource').filter((entry) => /\/assets\/[\w-]+\.(js|json)$/.test(entry.name));
            if (hero) resolve({ picturePainted: hero.startTime, firstScript: Math.min(...scripts.map((entry) => entry.startTime)) });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    expect(order.firstScript).toBeGreaterThan(order.picturePainted);
  });

  test('a tap on a button before the page is interactive is not lost: it is played once the scripts have run', async ({ page }) => {
    // The framework arrives 1.5 s late, as on a slow phone link.
    await page.route(/\/assets\/framework-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto('/?lang=fr', { waitUntil: 'domcontentloaded' });
    await page.getByTestId('lang-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en', { timeout: 10_000 });
    await expect(page).toHaveURL(/lang=en/);
    // Once, not twice: the language did not flip back.
    await page.waitForTimeout(500);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('a page with a form loads its scripts with the page, so what is typed reaches the form', async ({ page }) => {
    const scripts: number[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(Date.now());
    });
    let loadedAt = 0;
    page.on('load', () => (loadedAt = Date.now()));
    await page.goto('/contact?lang=fr');
    expect(scripts.length).toBeGreaterThan(3);
    expect(Math.min(...scripts)).toBeLessThan(loadedAt);
  });
});

test.describe('first visit: strings that cannot be had', () => {
  // The aborted requests (the preload and the fetch) are the only console errors.
  test.use({ allowConsole: [/net::ERR_FAILED/] });

  test('a page whose strings file cannot be had stays as the server sent it: no half-translated screen, links still work', async ({ page }) => {
    await page.route(/\/assets\/fr-[\w-]+\.json$/, (route) => route.abort());
    await page.goto('/faq?lang=fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Questions fréquentes');
    // The scripts were tried (the strings are asked for), and the page never showed a key.
    await page.waitForTimeout(1_500);
    await expect(page.locator('body')).not.toContainText('nav.story');
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Notre histoire' }).click();
    await expect(page).toHaveURL(/\/story/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notre histoire');
  });
});
