import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';

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
      expect(held, 'the page asked for its fonts').toBeGreaterThan(0);
      expect(await page.evaluate(() => [...document.fonts].filter((face) => face.status === 'loaded' && !face.family.includes('fallback')).length)).toBe(0);

      // Text shows at once (swap), in the metric-matched fallback face, not the brand font.
      const before = await boxes(page);
      const fallback = await drawnWith(cdp, page, '.hero__title');
      expect(fallback.map((font) => font.familyName).join()).not.toMatch(/Cormorant/);
      // …through the fallback @font-face (its local() font found and loaded), not the bare system font.
      const fallbackFaces = await page.evaluate(() => [...document.fonts].filter((face) => face.family.endsWith(' fallback')).map((face) => `${face.family} ${face.style}: ${face.status}`));
      expect(fallbackFaces).toContain('Cormorant Garamond Variable fallback normal: loaded');
      expect(fallbackFaces).toContain('Source Sans 3 Variable fallback normal: loaded');

      release();
      await page.waitForFunction(() => document.fonts.status === 'loaded' && [...document.fonts].some((face) => face.family === 'Cormorant Garamond Variable' && face.status === 'loaded'));
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
