import { Writable } from 'node:stream';
import type { EntryContext, RouterContextProvider } from 'react-router';
import { ServerRouter } from 'react-router';
import { renderToPipeableStream } from 'react-dom/server';
import { appContext } from './context.ts';
import { deferScripts } from './lib/deferred-scripts.server.ts';
import { FONT_PRELOADS } from './lib/font-preloads.server.ts';
import { mainPaintScript } from './lib/main-paint.server.ts';

// The server reads the context token from the build, so it sets the very object loaders read.
export { appContext };

export const streamTimeout = 5_000;

const CHARSET = Buffer.from('<meta charSet="utf-8"/>');
const HEAD_END = Buffer.from('</head>');
const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload" ');
const LOW_PRIORITY = Buffer.from('fetchpriority="low" ');

/** The page with `addition` put just before or after the first `marker` (unchanged without one). */
function insert(page: Buffer, marker: Buffer, addition: Buffer, where: 'before' | 'after'): Buffer {
  const at = page.indexOf(marker);
  if (at === -1) return page;
  const cut = where === 'after' ? at + marker.length : at;
  return Buffer.concat([page.subarray(0, cut), addition, page.subarray(cut)]);
}

/**
 * On a page with a form (the scripts of reading pages wait for the first paint: deferScripts),
 * the scripts load at low priority, after the stylesheet, the fonts and the main image that the
 * first paint needs. Done on the bytes (no decoding).
 */
function withLowPriorityScripts(page: Buffer): Buffer {
  const parts: Buffer[] = [];
  let copied = 0;
  for (let at = page.indexOf(MODULE_PRELOAD); at !== -1; at = page.indexOf(MODULE_PRELOAD, copied)) {
    const after = at + MODULE_PRELOAD.length;
    parts.push(page.subarray(copied, after), LOW_PRIORITY);
    copied = after;
  }
  if (parts.length === 0) return page;
  parts.push(page.subarray(copied));
  return Buffer.concat(parts);
}

/**
 * Renders the whole page before sending it (onAllReady): every public page is
 * complete in the HTML, for readers without JavaScript and for search engines.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce, onHtml } = loadContext.get(appContext);
  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />, {
      nonce: nonce || undefined,
      onAllReady() {
        // The page is complete: gather it into one string (no web stream in between, which
        // cost more than the rest of the hand-over) and answer with it.
        const chunks: Buffer[] = [];
        const body = new Writable({
          write(chunk: Buffer, _encoding, callback) {
            chunks.push(chunk);
            callback();
          },
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            // First in <head>, the script that tells when the main picture is on screen; last,
            // the brand fonts' preloads (lib/main-paint.server.ts, lib/font-preloads.server.ts).
            const page = insert(insert(Buffer.concat(chunks), CHARSET, mainPaintScript(nonce), 'after'), HEAD_END, FONT_PRELOADS, 'before');
            const deferred = deferScripts(page.toString());
            const html = deferred === null ? withLowPriorityScripts(page) : Buffer.from(deferred);
            onHtml?.(html);
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
            resolve(new Response(html as Uint8Array<ArrayBuffer>, { headers: responseHeaders, status: responseStatusCode }));
            callback();
          },
        });
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        console.error(error);
      },
    });
  });
}
