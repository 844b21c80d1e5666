import { relative, resolve } from 'node:path';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:chunk:';
const APP = resolve(import.meta.dirname, 'app');

/**
 * `virtual:chunk:<path under web/app>`: a function that loads that module, in a chunk of its own,
 * when the browser needs it (the API client and its zod schemas, lib/api.ts; the trade panel of a
 * product page; the line sheet's download button). A literal `import('./x.ts')` would do the same,
 * but Vite wraps every literal dynamic import of the browser's build in its preload helper (~0.8 KB
 * gzip), which then sits on every public page that has one (ADR 0012): here the chunk is emitted by
 * this plugin and loaded by its final URL. The server's build (which renders lazy components too) and
 * the dev server import the module as usual.
 */
export function lazyChunks(): Plugin {
  let serve = false;
  let root = '';
  return {
    name: 'atelier-lazy-chunks',
    configResolved(config) {
      serve = config.command === 'serve';
      root = config.root;
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const file = resolve(APP, id.slice(PREFIX.length + 1));
      if (serve || this.environment.config.consumer !== 'client') {
        const specifier = serve && this.environment.config.consumer === 'client' ? `/${relative(root, file).split('\\').join('/')}` : file;
        return `export default () => import(${JSON.stringify(specifier)});`;
      }
      const ref = this.emitFile({ type: 'chunk', id: file });
      return `export default () => import(/* @vite-ignore */ import.meta.ROLLUP_FILE_URL_${ref});`;
    },
  };
}
