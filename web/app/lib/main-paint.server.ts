import serifFont from '@fontsource-variable/cormorant-garamond/files/cormorant-garamond-latin-wght-normal.woff2?url';

/**
 * What waits for the page's main paint (issue 16, item 8): the brand fonts on a first visit, and
 * the scripts of a reading page (deferred-scripts.server.ts).
 *
 * In the Lighthouse trace of every reading page, the largest paint (the hero or product picture,
 * 13-15 KB) waited on the three brand font files (106 KB), which a phone on a slow link fetched
 * beside it: without them the same pages paint their picture 0.6 s sooner. Text never waited for
 * them (`font-display: swap`, fallback faces measured to take the same room), so nothing is lost
 * by asking for them once the picture is shown: it gets the link to itself, then the brand's
 * letters replace the fallback's in place, all at once. The same goes for the modules.
 *
 * The script is the first thing in <head>, after the charset (entry.server.tsx puts it there; the
 * browser bundle does not carry it), so it runs before the first paint.
 * - It sets `window.atelierPainted` and sends the window an `atelier:painted` event once the page
 *   has loaded and its main picture (the one fetched at high priority; its first content when it
 *   has none) has been painted: the browser reports it (largest-contentful-paint). A browser that
 *   does not report paints, or a page whose largest paint is not that picture, gets the event a
 *   second after load.
 * - A visitor whose browser has the fonts already (they were loaded here before: remembered in
 *   localStorage, with the font file's hashed name so a new font is not taken for the old) gets
 *   them at once, as any stylesheet font.
 * - Otherwise <html> gets the class `fonts-later`, under which the stylesheet's font stacks start
 *   at the fallback faces, so the page asks for no font file; at `atelier:painted` the script
 *   loads the three faces and removes the class when they are all here (or have failed: the
 *   stacks then fall back as usual).
 * - Without JavaScript, no class is set: the fonts load as the stylesheet says.
 */
const FONTS_LATER_CLASS = 'fonts-later';
const FONTS_KEY = 'atelier:fonts';

/** The faces fonts.css declares, as `document.fonts.load` takes them. */
const FACES = ['1em "Cormorant Garamond Variable"', 'italic 1em "Cormorant Garamond Variable"', '1em "Source Sans 3 Variable"'];

/** The inline script; `version` is the hashed URL of a font file of this build. */
function mainPaintScript(version: string): string {
  return `(function(root, version) {
  var loaded = false, painted = false;
  window.atelierPainted = false;
  function fire() {
    if (window.atelierPainted) return;
    window.atelierPainted = true;
    dispatchEvent(new Event('atelier:painted'));
  }
  function check() { if (loaded && painted) setTimeout(fire, 0); }
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf('largest-contentful-paint') >= 0) {
    new PerformanceObserver(function(list) {
      var main = document.querySelector('img[fetchpriority="high"]');
      list.getEntries().forEach(function(entry) { if (!main || entry.element === main) painted = true; });
      check();
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } else painted = true;
  addEventListener('load', function() {
    loaded = true;
    requestAnimationFrame(function() { requestAnimationFrame(check); });
    setTimeout(fire, 1000);
  }, { once: true });

  try { if (localStorage.getItem(${JSON.stringify(FONTS_KEY)}) === version) return; } catch (e) {}
  if (!document.fonts) return;
  root.classList.add(${JSON.stringify(FONTS_LATER_CLASS)});
  function done() { root.classList.remove(${JSON.stringify(FONTS_LATER_CLASS)}); }
  addEventListener('atelier:painted', function() {
    Promise.all(${JSON.stringify(FACES)}.map(function(face) { return document.fonts.load(face); })).then(function() {
      done();
      try { localStorage.setItem(${JSON.stringify(FONTS_KEY)}, version); } catch (e) {}
    }, done);
  }, { once: true });
})(document.documentElement, ${JSON.stringify(version).replaceAll('</', '<\\/')});`;
}

const SCRIPT = mainPaintScript(serifFont).replace(/\n\s*/g, ' ');
const CHARSET = Buffer.from('<meta charSet="utf-8"/>');

/** The page with the script first in its <head>, after the charset (unchanged without one). */
export function withMainPaintScript(page: Buffer, nonce: string): Buffer {
  const at = page.indexOf(CHARSET);
  if (at === -1) return page;
  const end = at + CHARSET.length;
  return Buffer.concat([page.subarray(0, end), Buffer.from(`<script nonce="${nonce}">${SCRIPT}</script>`), page.subarray(end)]);
}
