/**
 * When the page's main picture is on screen (issue 16, item 8): the scripts of a reading page
 * (deferred-scripts.server.ts) wait for it, so that their 128 KB do not share a phone's link with
 * the picture. Two animation frames after `load` was not enough: the frame is reported painted
 * when it reaches the screen, which on some runs came after the modules had been asked for, and
 * Lighthouse then counted them before the largest paint (LCP 2.2 s instead of 1.2 s).
 *
 * The script is the first thing in <head>, after the charset (entry.server.tsx puts it there, so
 * the browser bundle does not carry it). It sets `window.atelierPainted` to false, then to true, and
 * sends the window an `atelier:painted` event, once the page has loaded and its main picture (the
 * image fetched at high priority; its first content when it has none) has been painted, as the
 * browser reports it (largest-contentful-paint). A browser that does not report paints, or a page
 * whose largest paint is not that picture, gets the event a second after load.
 */
const SCRIPT = `(function() {
  var loaded = false, painted = false, observer;
  window.atelierPainted = false;
  function fire() {
    if (window.atelierPainted) return;
    window.atelierPainted = true;
    if (observer) observer.disconnect();
    dispatchEvent(new Event('atelier:painted'));
  }
  function check() { if (loaded && painted) setTimeout(fire, 0); }
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf('largest-contentful-paint') >= 0) {
    observer = new PerformanceObserver(function(list) {
      var main = document.querySelector('img[fetchpriority="high"]');
      list.getEntries().forEach(function(entry) { if (!main || entry.element === main) painted = true; });
      check();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  } else painted = true;
  addEventListener('load', function() {
    loaded = true;
    requestAnimationFrame(function() { requestAnimationFrame(check); });
    setTimeout(fire, 1000);
  }, { once: true });
})();`.replace(/\n\s*/g, ' ');

/** The script tag (with a nonce when the render has one; in production the page's CSP names its hash). */
export const mainPaintScript = (nonce: string) => Buffer.from(`<script${nonce ? ` nonce="${nonce}"` : ''}>${SCRIPT}</script>`);
