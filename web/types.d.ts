/** subset-font (harfbuzz) ships no types: what font-subsets.ts uses of it. */
declare module 'subset-font' {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: {
      targetFormat?: 'sfnt' | 'woff' | 'woff2';
      keepFeatures?: string[];
      variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
    },
  ): Promise<Buffer>;
}

/** The URLs of the brand fonts' common files, which every page preloads (font-fallbacks.ts, lib/font-preloads.server.ts). */
/** Loads a module in a chunk of its own, without Vite's preload helper (lazy-chunks.ts). */
declare module 'virtual:chunk:*' {
  const load: () => Promise<unknown>;
  export default load;
}

declare module 'virtual:atelier-fonts' {
  export const preloads: string[];
}
