import { describe, expect, it } from 'vitest';
import { deferScripts } from './deferred-scripts.server.ts';

// The tags as React Router 7 writes them (root.tsx's <Scripts nonce>), before entry.server's
// low-priority rewrite (which only pages that keep their scripts get).
const page = (body = '<main><h1>Maison Solène</h1><button type="button">EN</button></main>') =>
  `<!DOCTYPE html><html lang="fr"><head><link rel="stylesheet" href="/assets/styles.css"/>` +
  `<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n0nce=="/>` +
  `<link rel="modulepreload" href="/assets/framework-B.js" nonce="n0nce=="/>` +
  `<link rel="preload" href="/assets/fr-E.json" as="fetch" crossorigin="anonymous" fetchPriority="low"/></head><body>${body}` +
  `<script nonce="n0nce==">window.__reactRouterContext = {};</script>` +
  `<script nonce="n0nce==" type="module" async="">;\nimport * as route0 from "/assets/root-C.js";\nimport * as route1 from "/assets/home-D.js";\n` +
  `window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-A.js"}};\n  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\nimport("/assets/entry.client-A.js");</script>` +
  `<script nonce="n0nce==">window.__reactRouterContext.streamController.close();</script></body></html>`;

describe('deferScripts: the scripts of a reading page wait for its first paint', () => {
  it('leaves no module preload or module script to load with the page, and names every module for later', () => {
    const html = deferScripts(page())!;
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('type="module"');
    expect(html).toContain('["/assets/entry.client-A.js","/assets/framework-B.js"]');
    // The page's strings file waits too, and is fetched (not imported) when the scripts start.
    expect(html).not.toContain('as="fetch"');
    expect(html).toMatch(/, \["\/assets\/fr-E\.json"\]\);<\/script>/);
    // The route modules are imported, in order, before the rest of the script runs with them.
    expect(html).toMatch(
      /Promise\.all\(\[import\("\/assets\/root-C\.js"\), import\("\/assets\/home-D\.js"\)\]\)\.then\(function\(modules\) \{ var route0 = modules\[0\], route1 = modules\[1\];/,
    );
    expect(html).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};');
    expect(html).toContain('import("/assets/entry.client-A.js");');
    // Still allowed by the page's CSP (same nonce), and the page data scripts are untouched.
    expect(html).toContain('<script nonce="n0nce==">(function(preloads, run, fetches)');
    expect(html).toContain('<script nonce="n0nce==">window.__reactRouterContext.streamController.close();</script>');
    expect(html).toContain('<body><main><h1>Maison Solène</h1><button type="button">EN</button></main><script');
  });

  it('the rewritten script is valid JavaScript', () => {
    const html = deferScripts(page())!;
    const code = /<script nonce="n0nce==">(\(function\(preloads[\s\S]*?)<\/script>/.exec(html)![1]!;
    // Dynamic import() only parses inside a module-capable parser: Function accepts it as syntax.
    expect(() => new Function(code)).not.toThrow();
  });

  it('writes no nonce when the page has none (production: the page’s CSP names its scripts by their hashes)', () => {
    const html = deferScripts(page().replaceAll(' nonce="n0nce=="', ''))!;
    expect(html).not.toContain('nonce=');
    expect(html).toContain('<script>(function(preloads, run, fetches)');
  });

  it('keeps the scripts of a page with a form field as they are (typing must reach the form)', () => {
    for (const field of ['<input name="email"/>', '<textarea name="message"></textarea>', '<select name="country"></select>']) {
      expect(deferScripts(page(`<main><form>${field}</form></main>`))).toBeNull();
    }
  });

  it('keeps a page whose scripts have another shape (a React Router upgrade) as it is', () => {
    expect(deferScripts(page().replace('import * as route0 from "/assets/root-C.js";', 'import { x } from "/assets/root-C.js";'))).toBeNull();
    expect(deferScripts(page().replace(' type="module" async=""', ''))).toBeNull();
  });
});
