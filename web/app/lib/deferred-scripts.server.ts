/**
 * A reading page (the home page, the collection, a product, the story, the journal) is complete
 * without JavaScript, so its scripts need not compete for a phone's link and processor with what
 * the first paint shows: the stylesheet, the fonts and the main image (issue 16: in the Lighthouse
 * trace, the 128 KB of modules loaded before the first paint and the LCP waited on them).
 *
 * This rewrites React Router's script tags in such a page so that the modules are fetched and run
 * once the page has loaded and painted its main picture (main-paint.server.ts), or at the
 * visitor's first touch, click, key or focus, whichever comes first. A click on a button before
 * the page is interactive is played again as soon as it is. A page with a form field keeps its
 * scripts as they are (they load at low priority): what someone types there must reach the
 * form's state.
 *
 * React Router writes one `<link rel="modulepreload">` per module and one inline module script
 * whose static imports load the route modules before it imports the client entry. The rewrite
 * drops the preloads (and that of the page's strings files) and turns that script into a classic
 * one that, when started, adds the preloads and imports the same modules dynamically, then runs
 * the rest of the script as it was.
 * A page whose scripts do not have that shape (a React Router upgrade) is left as it is.
 */

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
/** The page's strings files (root.tsx), which the client entry fetches before hydrating. */
const FETCH_PRELOAD = /<link rel="preload" href="([^"]+)" as="fetch"[^>]*\/>/g;
const MODULE_SCRIPT = /<script(?: nonce="([^"]*)")? type="module" async="">([\s\S]*?)<\/script>/;
const STATIC_IMPORT = /^[ \t]*import \* as (route\d+) from "([^"]+)";[ \t]*$/gm;
const OTHER_STATIC_IMPORT = /^\s*(import|export)\s+[^(\s]/m;
const FORM_FIELD = /<(input|textarea|select)[\s>]/;

/** Runs in the page: starts the scripts after the main paint, or at the first interaction. */
const LOADER = `(function(preloads, run, fetches) {
  var started = false, queued = [], kinds = ['pointerdown', 'keydown', 'touchstart', 'focusin'];
  function start() {
    if (started) return;
    started = true;
    kinds.forEach(function(kind) { removeEventListener(kind, start, true); });
    // One preload per task: each starts a fetch (a millisecond or two of a phone's main thread),
    // so the page stays responsive while they are added; then the modules are imported. The
    // strings files go first: small, and needed before hydrating.
    var all = fetches.concat(preloads), next = 0;
    (function preload() {
      if (next === all.length) return run();
      var link = document.createElement('link');
      if (next < fetches.length) {
        link.rel = 'preload';
        link.as = 'fetch';
        link.crossOrigin = 'anonymous';
      } else {
        link.rel = 'modulepreload';
      }
      link.href = all[next++];
      document.head.appendChild(link);
      setTimeout(preload, 0);
    })();
  }
  function hold(event) {
    var button = event.target instanceof Element && event.target.closest('button, [role="button"]');
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    if (queued.indexOf(button) < 0) queued.push(button);
    start();
  }
  addEventListener('click', hold, true);
  addEventListener('atelier:hydrated', function() {
    removeEventListener('click', hold, true);
    queued.forEach(function(button) { if (button.isConnected) button.click(); });
  }, { once: true });
  kinds.forEach(function(kind) { addEventListener(kind, start, { capture: true, passive: true }); });
  // Once the page has loaded and its main picture has been painted (main-paint.server.ts); a
  // page without that script starts after load and two frames.
  if (window.atelierPainted) start();
  else if (window.atelierPainted === false) addEventListener('atelier:painted', start, { once: true });
  else {
    var afterPaint = function() { requestAnimationFrame(function() { requestAnimationFrame(function() { setTimeout(start, 0); }); }); };
    if (document.readyState === 'complete') afterPaint(); else addEventListener('load', afterPaint, { once: true });
  }
})`;

/** The page with its scripts deferred, or null when it has a form field or an unknown shape. */
export function deferScripts(html: string): string | null {
  if (FORM_FIELD.test(html)) return null;
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return null;
  const [tag, nonce, code = ''] = script;
  const imports = [...code.matchAll(STATIC_IMPORT)];
  const rest = code.replace(STATIC_IMPORT, '');
  // Anything else static (an import of another form) could not run inside a function.
  if (imports.length === 0 || OTHER_STATIC_IMPORT.test(rest)) return null;
  const preloads: string[] = [];
  const fetches: string[] = [];
  const withoutPreloads = html
    .replace(PRELOAD, (_, href: string) => {
      preloads.push(href);
      return '';
    })
    .replace(FETCH_PRELOAD, (_, href: string) => {
      fetches.push(href);
      return '';
    });
  const names = imports.map((m) => `${m[1]} = modules[${imports.indexOf(m)}]`).join(', ');
  const loads = imports.map((m) => `import(${JSON.stringify(m[2])})`).join(', ');
  const run = `function() { return Promise.all([${loads}]).then(function(modules) { var ${names};\n${rest}\n}); }`;
  // JSON inside a script: "</" cannot close it early (module paths never hold one, but still).
  const list = (hrefs: string[]) => JSON.stringify(hrefs).replaceAll('</', '<\\/');
  return withoutPreloads.replace(tag, () => `<script${nonce ? ` nonce="${nonce}"` : ''}>${LOADER}(${list(preloads)}, ${run}, ${list(fetches)});</script>`);
}
