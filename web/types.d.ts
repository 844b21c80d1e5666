/** subset-font (harfbuzz) ships no types: what font-subsets.ts uses of it. */
declare module 'subset-font' {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: 'sfnt' | 'woff' | 'woff2'; keepFeatures?: string[]; variationAxes?: Record<string, number | { min: number; max: number; default?: number }> },
  ): Promise<Buffer>;
}

/** The URLs of the brand fonts' common files, which every page preloads (font-fallbacks.ts, lib/font-preloads.server.ts). */
declare module 'virtual:atelier-fonts' {
  export const preloads: string[];
}
