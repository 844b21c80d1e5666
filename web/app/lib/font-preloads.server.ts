import { preloads } from 'virtual:atelier-fonts';

/**
 * The brand faces' common files (font-fallbacks.ts, font-subsets.ts), which every page draws its
 * first paint with, announced at the end of <head> by entry.server.tsx. Written on the server
 * rather than by the root route's `links`: only the first page of a visit needs them, and the
 * browser bundle is smaller without (the heaviest page's first-load JavaScript is at its 130 KB
 * budget).
 */
export const FONT_PRELOADS = Buffer.from(
  preloads.map((href) => `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin="anonymous"/>`).join(''),
);
