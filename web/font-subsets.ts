import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import subsetFont from 'subset-font';

/**
 * The brand fonts, cut at build time to what the site draws (issue 16, item 8).
 *
 * In the Lighthouse trace the largest paint waited on the three Fontsource files (106 KB) that a
 * phone fetched beside the picture. Each file holds every Latin-1 letter, a 300-900 weight axis
 * and a dozen typographic features the stylesheet never asks for. harfbuzz (through subset-font)
 * makes of each face:
 * - a **common** file: the letters, figures and signs of French and English text, the weights the
 *   stylesheet uses (the face's `font-weight` range in fonts.css), and the features the browser
 *   and the stylesheet use (kerning, ligatures, marks, tabular figures). This is the file every
 *   page needs, preloaded;
 * - a **rest** file: the other letters of the face's Latin range (ß, ñ, å…), same weights and
 *   features, which the browser fetches only for a page whose text holds one of them
 *   (`unicode-range`).
 * Together they draw everything the original file drew within those weights; the common files of
 * the two upright faces and the italic weigh 65 KB instead of 106.
 */

/** Code points of French and English text: what the common file of each face holds. */
const COMMON: [number, number][] = [
  [0x20, 0x7e], // ASCII
  [0xa0, 0xa0], // no-break space
  [0xa9, 0xa9], // © (every page's footer)
  [0xab, 0xab], // «
  [0xae, 0xae], // ®
  [0xb0, 0xb0], // °
  [0xb7, 0xb7], // ·
  [0xbb, 0xbb], // »
  [0xc0, 0xc0],
  [0xc2, 0xc2],
  [0xc4, 0xc4],
  [0xc6, 0xcb],
  [0xce, 0xcf],
  [0xd4, 0xd4],
  [0xd6, 0xd6],
  [0xd7, 0xd7],
  [0xd9, 0xd9],
  [0xdb, 0xdc], // À Â Ä Æ Ç È É Ê Ë Î Ï Ô Ö × Ù Û Ü
  [0xe0, 0xe0],
  [0xe2, 0xe2],
  [0xe4, 0xe4],
  [0xe6, 0xeb],
  [0xee, 0xef],
  [0xf4, 0xf4],
  [0xf6, 0xf6],
  [0xf9, 0xf9],
  [0xfb, 0xfc],
  [0xff, 0xff], // à â ä æ ç è é ê ë î ï ô ö ù û ü ÿ
  [0x152, 0x153], // Œ œ
  [0x178, 0x178], // Ÿ
  [0x2009, 0x2009], // thin space
  [0x2010, 0x2011], // hyphen, no-break hyphen
  [0x2013, 0x2014], // – —
  [0x2018, 0x201d], // ‘ ’ ‚ ‛ “ ”
  [0x2022, 0x2022], // •
  [0x2026, 0x2026], // …
  [0x202f, 0x202f], // narrow no-break space (French punctuation, and numbers formatted for fr)
  [0x2032, 0x2033], // ′ ″
  [0x2039, 0x203a], // ‹ ›
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122], // ™
];

/**
 * Layout features kept: what browsers apply by default, and tabular figures (styles.css asks for
 * `tabular-nums`). Its `small-caps` has no glyphs to keep: Cormorant Garamond (Google Fonts'
 * build) has no small capitals, the browser draws them from the capitals as before.
 */
const FEATURES = ['kern', 'liga', 'clig', 'calt', 'ccmp', 'locl', 'mark', 'mkmk', 'tnum'];

export interface FontSource {
  family: string;
  style: string;
  /** The face's weights, as fonts.css declares them (`font-weight: 400 700`). */
  weight: [number, number];
  /** The Fontsource file. */
  file: string;
  /** The face's code points, from fonts.css's `unicode-range`. */
  range: [number, number][];
}

export interface FontSubset {
  source: FontSource;
  part: 'common' | 'rest';
  /** Absolute path of the written file. */
  file: string;
  range: [number, number][];
}

/** `U+0000-00FF, U+0131` → ranges of code points. */
export function parseUnicodeRange(value: string): [number, number][] {
  return value.split(',').map((part) => {
    const [from = '', to] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(from, 16), parseInt(to ?? from, 16)];
  });
}

export function formatUnicodeRange(ranges: [number, number][]): string {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
  return ranges.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(', ');
}

const points = (ranges: [number, number][]) => new Set(ranges.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i)));

function toRanges(set: Set<number>): [number, number][] {
  const sorted = [...set].sort((a, b) => a - b);
  const ranges: [number, number][] = [];
  for (const n of sorted) {
    const last = ranges.at(-1);
    if (last && n === last[1] + 1) last[1] = n;
    else ranges.push([n, n]);
  }
  return ranges;
}

/** The face's range split in two: the code points of COMMON it covers, and the others. */
export function splitRange(range: [number, number][]): { common: [number, number][]; rest: [number, number][] } {
  const all = points(range);
  const common = points(COMMON);
  return { common: toRanges(new Set([...all].filter((n) => common.has(n)))), rest: toRanges(new Set([...all].filter((n) => !common.has(n)))) };
}

const text = (ranges: [number, number][]) => String.fromCodePoint(...points(ranges));

/**
 * Writes the two subsets of each face into `dir` (once: a file named by the hash of its source and
 * settings is kept), and returns them. Files are written under a temporary name and renamed, so
 * two builds at once never read half a file.
 */
export async function writeSubsets(sources: FontSource[], dir: string): Promise<FontSubset[]> {
  await mkdir(dir, { recursive: true });
  const subsets: FontSubset[] = [];
  for (const source of sources) {
    const original = await readFile(source.file);
    const split = splitRange(source.range);
    for (const part of ['common', 'rest'] as const) {
      const range = split[part];
      if (range.length === 0) continue;
      const key = createHash('sha256')
        .update(original)
        .update(JSON.stringify([range, source.weight, FEATURES]))
        .digest('hex')
        .slice(0, 10);
      const file = join(dir, `${basename(source.file, '.woff2')}.${part}.${key}.woff2`);
      try {
        await stat(file);
      } catch {
        const subset = await subsetFont(original, text(range), {
          targetFormat: 'woff2',
          keepFeatures: FEATURES,
          variationAxes: { wght: { min: source.weight[0], max: source.weight[1] } },
        });
        const temporary = `${file}.${process.pid}.tmp`;
        await writeFile(temporary, subset);
        await rename(temporary, file);
      }
      subsets.push({ source, part, file, range });
    }
  }
  // Files of earlier settings or fonts go.
  const current = new Set(subsets.map((subset) => basename(subset.file)));
  for (const name of await readdir(dir)) if (name.endsWith('.woff2') && !current.has(name)) await rm(join(dir, name), { force: true });
  return subsets;
}
