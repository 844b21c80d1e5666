import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateFallbackName, generateFontFace, getMetricsForFamily, readMetrics } from 'fontaine';
import type { Plugin } from 'vite';
import { formatUnicodeRange, parseUnicodeRange, writeSubsets, type FontSource, type FontSubset } from './font-subsets.ts';

/**
 * Fallback faces whose metrics match the brand fonts, so that text drawn before a brand font
 * arrives (`font-display: swap`) takes the same room as after: no shift when it lands.
 *
 * fontaine reads our own woff2 files (ascent, descent, line gap, average width) and has capsize's
 * measurements of the system fonts; it computes `size-adjust` and the overrides. What it cannot
 * know is that one system font goes by other names on other systems: Liberation Serif and Tinos
 * share every metric of Times New Roman (they were drawn to), Liberation Sans and Arimo those of
 * Arial. Each fallback below is one set of measured metrics and the local names that carry them.
 * The browser uses the last face whose local font it finds, so the preferred one comes last.
 */
const FALLBACKS: Record<'serif' | 'sans-serif', { metricsOf: string; local: Record<string, string[]> }[]> = {
  serif: [
    // Android
    { metricsOf: 'Noto Serif', local: { normal: ['Noto Serif', 'NotoSerif'], italic: ['Noto Serif Italic', 'NotoSerif-Italic'] } },
    {
      metricsOf: 'Times New Roman',
      local: {
        normal: ['Times New Roman', 'TimesNewRomanPSMT', 'Liberation Serif', 'LiberationSerif', 'Tinos'],
        italic: ['Times New Roman Italic', 'TimesNewRomanPS-ItalicMT', 'Liberation Serif Italic', 'LiberationSerif-Italic', 'Tinos Italic'],
      },
    },
  ],
  'sans-serif': [
    // Android
    { metricsOf: 'Roboto', local: { normal: ['Roboto', 'Roboto-Regular'], italic: ['Roboto Italic', 'Roboto-Italic'] } },
    {
      metricsOf: 'Arial',
      local: {
        normal: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans', 'Arimo'],
        italic: ['Arial Italic', 'Arial-ItalicMT', 'Liberation Sans Italic', 'LiberationSans-Italic', 'Arimo Italic'],
      },
    },
  ],
};

const FONT_FACE = /@font-face\s*{([^}]*)}/g;
const declaration = (block: string, name: string) => new RegExp(`${name}\\s*:\\s*([^;]+);`).exec(block)?.[1]?.trim();

/** The brand's @font-face rules, as written in fonts.css. */
export function brandFaces(css: string, cssFile: string): FontSource[] {
  return [...css.matchAll(FONT_FACE)].map(([, block = '']) => {
    const family = declaration(block, 'font-family')?.replace(/^['"]|['"]$/g, '');
    const url = /url\(['"]?([^'")]+)['"]?\)/.exec(declaration(block, 'src') ?? '')?.[1];
    const [min, max = min] = (declaration(block, 'font-weight') ?? '').split(/\s+/).map(Number);
    const range = declaration(block, 'unicode-range');
    if (!family || !url || !min || !max || !range)
      throw new Error(`font-fallbacks: an @font-face in ${cssFile} lacks font-family, src url(), font-weight or unicode-range`);
    return {
      family,
      style: declaration(block, 'font-style') ?? 'normal',
      weight: [min, max],
      file: resolve(dirname(cssFile), url),
      range: parseUnicodeRange(range),
    };
  });
}

/** Serif or sans, as capsize classes the font (Fontsource's variable builds add " Variable"). */
async function categoryOf(family: string): Promise<'serif' | 'sans-serif'> {
  const known = await getMetricsForFamily(family.replace(/ Variable$/, ''));
  return known?.category === 'serif' ? 'serif' : 'sans-serif';
}

export async function fallbackFaces(faces: FontSource[]): Promise<string> {
  let css = '';
  for (const face of faces) {
    // A variable font file's default instance need not be the regular weight (Source Sans 3's is
    // lighter: 5 % narrower), so the upright face takes capsize's measurement of the regular
    // font when it has one; the italic, which capsize does not measure, is read from its file.
    const measured = face.style === 'normal' ? await getMetricsForFamily(face.family.replace(/ Variable$/, '')) : null;
    const metrics = measured ?? (await readMetrics(pathToFileURL(face.file)));
    if (!metrics) throw new Error(`font-fallbacks: could not read the metrics of ${face.file}`);
    for (const fallback of FALLBACKS[await categoryOf(face.family)]) {
      const fallbackMetrics = await getMetricsForFamily(fallback.metricsOf);
      if (!fallbackMetrics) throw new Error(`font-fallbacks: no metrics for ${fallback.metricsOf}`);
      css += generateFontFace(metrics, {
        name: generateFallbackName(face.family),
        font: fallback.metricsOf,
        metrics: fallbackMetrics,
        // The face answers every weight of its style: the browser synthesises bold, as it
        // would for the system font itself.
        'font-style': face.style,
        src: (fallback.local[face.style] ?? fallback.local.normal ?? []).map((name) => `local(${JSON.stringify(name)})`).join(', '),
      });
    }
  }
  return css;
}

/** The brand faces as served: each subset with its own unicode-range (font-subsets.ts). */
function subsetFaces(subsets: FontSubset[], cssDir: string): string {
  return subsets
    .map(
      ({ source, file, range }) => `@font-face {
  font-family: ${JSON.stringify(source.family)};
  font-style: ${source.style};
  font-display: swap;
  font-weight: ${source.weight[0]} ${source.weight[1]};
  src: url(${JSON.stringify(relative(cssDir, file).split(sep).join('/'))}) format('woff2-variations');
  unicode-range: ${formatUnicodeRange(range)};
}
`,
    )
    .join('');
}

const VIRTUAL = 'virtual:atelier-fonts';

/**
 * The brand fonts at build time. fonts.css declares the faces (family, style, weights, Latin range,
 * Fontsource file); this plugin
 * - cuts each face into its subsets (font-subsets.ts) in web/.fonts when Vite starts,
 * - puts their @font-face rules, then the metric-matched fallback faces, in place of the
 *   stylesheet's `@import './fonts.css'`, and
 * - gives `virtual:atelier-fonts` (`preloads`: the URLs of the common files, which every page
 *   needs at its first paint) to lib/font-preloads.server.ts.
 * The build fails if a fallback family is not named in the stylesheet's font stacks: a face
 * nobody uses is a mistake.
 */
export function brandFonts(): Plugin {
  const IMPORT = /@import\s+['"]\.\/fonts\.css['"];/;
  const fontsFile = resolve(import.meta.dirname, 'app', 'fonts.css');
  let faces: FontSource[] = [];
  let subsets: FontSubset[] = [];
  return {
    name: 'atelier-brand-fonts',
    enforce: 'pre',
    async config() {
      faces = brandFaces(await readFile(fontsFile, 'utf8'), fontsFile);
      subsets = await writeSubsets(faces, resolve(import.meta.dirname, '.fonts'));
    },
    resolveId(id) {
      return id === VIRTUAL ? `\0${VIRTUAL}` : null;
    },
    load(id) {
      if (id !== `\0${VIRTUAL}`) return null;
      const common = subsets.filter((subset) => subset.part === 'common');
      return `${common.map((subset, i) => `import font${i} from ${JSON.stringify(`${subset.file}?url`)};`).join('\n')}
export const preloads = [${common.map((_, i) => `font${i}`).join(', ')}];`;
    },
    async transform(code, id) {
      const [file = id, query = ''] = id.split('?');
      // `styles.css?url` is a JS module pointing at the stylesheet; the CSS itself comes next.
      if (!/[\\/]app[\\/]styles\.css$/.test(file) || /(^|&)url\b/.test(query)) return null;
      if (!IMPORT.test(code)) throw new Error('font-fallbacks: styles.css no longer imports ./fonts.css');
      for (const family of new Set(faces.map((face) => face.family))) {
        if (!code.includes(`'${generateFallbackName(family)}'`)) {
          throw new Error(`font-fallbacks: styles.css must name '${generateFallbackName(family)}' right after '${family}' in its font stack`);
        }
      }
      const css = subsetFaces(subsets, dirname(file)) + (await fallbackFaces(faces));
      return { code: code.replace(IMPORT, () => css), map: null };
    },
  };
}
