import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';

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
const NBSP = 0x00a0;
const SPACE = 0x0020;

/**
 * French amounts group thousands with a narrow no-break space (U+202F), which the Latin
 * subsets of both brand fonts lack (they have the thin space U+2009, its twin in width).
 * Each face gets a real U+202F glyph, a copy of its thin space, so the PDF shows the right
 * space and its text layer holds the right character. The no-break space before `€` shares
 * the space's glyph in these fonts, and a PDF's text layer maps a glyph to one character, so
 * it gets a glyph of its own too (otherwise a copied amount would hold a breaking space).
 * Done once per process (~0.2 s).
 */
async function faceWithNarrowSpace(file: string, woff: Buffer): Promise<Buffer> {
  // Loaded only here: a built site reads the prebuilt faces and never needs it.
  const { default: fonteditor } = await import('fonteditor-core');
  const font = fonteditor.Font.create(woff, {
    type: 'woff',
    hinting: true,
    kerning: true,
    inflate: (data: number[]) => Array.from(zlib.inflateSync(Buffer.from(data))),
  });
  const data = font.get();
  const ownGlyph = (codePoint: number, twin: number, name: string) => {
    const shared = data.glyf.find((g) => g.unicode?.includes(codePoint));
    if (shared && shared.unicode.length === 1) return;
    const model = shared ?? data.glyf.find((g) => g.unicode?.includes(twin));
    if (!model) throw new Error(`${file} has neither U+${codePoint.toString(16)} nor U+${twin.toString(16)}`);
    if (shared) shared.unicode = shared.unicode.filter((c) => c !== codePoint);
    data.glyf.push({ ...model, name, unicode: [codePoint] });
  };
  ownGlyph(NARROW_NBSP, THIN_SPACE, 'uni202F');
  ownGlyph(NBSP, SPACE, 'uni00A0');
  return Buffer.from(font.write({ type: 'ttf', hinting: true, kerning: true }) as ArrayBuffer);
}

let loading: Promise<Record<Face, Buffer>> | null = null;

/**
 * Where `npm run build` leaves the faces made once (`node server/src/cli/pdf-fonts.ts`): a process
 * then reads four small TTFs instead of rebuilding them, which costs ~0.4 s and ~50 MB of memory
 * that stays resident. Named by the source file's hash, so a new font package is never stale.
 */
export const PREBUILT_DIR = path.resolve(import.meta.dirname, '../../../web/build/pdf-fonts');
const prebuiltName = (face: Face, woff: Buffer) => `${face}-${createHash('sha256').update(woff).digest('hex').slice(0, 12)}.ttf`;

/** Each face, made now (for the build step and when nothing is prebuilt). */
export async function makeFaces(): Promise<Array<{ face: Face; name: string; ttf: Buffer }>> {
  return Promise.all(
    (Object.entries(FACES) as Array<[Face, string]>).map(async ([face, file]) => {
      const woff = await fs.readFile(require.resolve(file));
      return { face, name: prebuiltName(face, woff), ttf: await faceWithNarrowSpace(file, woff) };
    }),
  );
}

export function brandFonts(): Promise<Record<Face, Buffer>> {
  loading ??= (async () => {
    const entries = await Promise.all(
      (Object.entries(FACES) as Array<[Face, string]>).map(async ([face, file]) => {
        const woff = await fs.readFile(require.resolve(file));
        const prebuilt = await fs.readFile(path.join(PREBUILT_DIR, prebuiltName(face, woff))).catch(() => null);
        return [face, prebuilt ?? (await faceWithNarrowSpace(file, woff))] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<Face, Buffer>;
  })();
  // A failure is not kept: the next line sheet tries again.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
