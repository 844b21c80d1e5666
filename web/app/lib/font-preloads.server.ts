import { preloads } from 'virtual:atelier-fonts';

/**
 * The brand faces' common files (font-fallbacks.ts, font-subsets.ts), which every page draws its
 * first paint with, announced at the end of <head>. Written here, on the server, rather than by
 * the root route's `links`: only the first page of a visit needs them, and the browser bundle is
 * smaller without (the heaviest page's first-load JavaScript is at its 130 KB budget).
 */
const LINKS = Buffer.from(preloads.map((href) => `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin="anonymous"/>`).join(''));
const HEAD_END = Buffer.from('</head>');

/** The page with the font preloads before </head> (unchanged without one). */
export function withFontPreloads(page: Buffer): Buffer {
  const at = page.indexOf(HEAD_END);
  if (at === -1) return page;
  return Buffer.concat([page.subarray(0, at), LINKS, page.subarray(at)]);
}
