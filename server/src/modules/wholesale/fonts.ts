import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import fonteditor from 'fonteditor-core';

const require = createRequire(import.meta.url);

/** The brand's faces, from the project's own npm packages (no network at run time). */
const FACES = {
  serif: '@fontsource/cormorant-garamond/files/cormorant-garamond-latin-500-normal.woff',
  serifItalic: '@fontsource/cormorant-garamond/files/cormorant-garamond-latin-500-italic.woff',
  sans: '@fontsource/source-sans-3/files/source-sans-3-latin-400-normal.woff',
  sansBold: '@fontsource/source-sans-3/files/source-sans-3-latin-600-normal.woff',
} as const;
export type Face = keyof typeof FACES;

const NARROW_NBSP = 0x202f;
const THIN_SPACE = 0x2009;

/**
 * French amounts group thousands with a narrow no-break space (U+202F), which the Latin
 * subsets of both brand fonts lack (they have the thin space U+2009, its twin in width).
 * Each face gets a real U+202F glyph, a copy of its thin space, so the PDF shows the right
 * space and its text layer holds the right character. Done once per process (~0.2 s).
 */
async function faceWithNarrowSpace(file: string): Promise<Buffer> {
  const woff = await fs.readFile(require.resolve(file));
  const font = fonteditor.Font.create(woff, {
    type: 'woff',
    hinting: true,
    kerning: true,
    inflate: (data: number[]) => Array.from(zlib.inflateSync(Buffer.from(data))),
  });
  const data = font.get();
  if (!data.glyf.some((g) => g.unicode?.includes(NARROW_NBSP))) {
    const thin = data.glyf.find((g) => g.unicode?.includes(THIN_SPACE));
    if (!thin) throw new Error(`${file} has neither U+202F nor U+2009`);
    data.glyf.push({ ...thin, name: 'uni202F', unicode: [NARROW_NBSP] });
  }
  return Buffer.from(font.write({ type: 'ttf', hinting: true, kerning: true }) as ArrayBuffer);
}

let loading: Promise<Record<Face, Buffer>> | null = null;

export function brandFonts(): Promise<Record<Face, Buffer>> {
  loading ??= (async () => {
    const entries = await Promise.all(Object.entries(FACES).map(async ([face, file]) => [face, await faceWithNarrowSpace(file)] as const));
    return Object.fromEntries(entries) as Record<Face, Buffer>;
  })();
  // A failure is not kept: the next line sheet tries again.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
