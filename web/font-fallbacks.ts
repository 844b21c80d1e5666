import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateFallbackName, generateFontFace, getMetricsForFamily, readMetrics } from 'fontaine';
import type { Plugin } from 'vite';

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

interface BrandFace {
  family: string;
  style: string;
  file: string;
}

const FONT_FACE = /@font-face\s*{([^}]*)}/g;
const declaration = (block: string, name: string) => new RegExp(`${name}\\s*:\\s*([^;]+);`).exec(block)?.[1]?.trim();

/** The brand's @font-face rules, as written in fonts.css. */
export function brandFaces(css: string, cssFile: string): BrandFace[] {
  return [...css.matchAll(FONT_FACE)].map(([, block = '']) => {
    const family = declaration(block, 'font-family')?.replace(/^['"]|['"]$/g, '');
    const url = /url\(['"]?([^'")]+)['"]?\)/.exec(declaration(block, 'src') ?? '')?.[1];
    if (!family || !url) throw new Error(`font-fallbacks: an @font-face in ${cssFile} has no font-family or url()`);
    return { family, style: declaration(block, 'font-style') ?? 'normal', file: resolve(dirname(cssFile), url) };
  });
}

/** Serif or sans, as capsize classes the font (Fontsource's variable builds add " Variable"). */
async function categoryOf(family: string): Promise<'serif' | 'sans-serif'> {
  const known = await getMetricsForFamily(family.replace(/ Variable$/, ''));
  return known?.category === 'serif' ? 'serif' : 'sans-serif';
}

export async function fallbackFaces(faces: BrandFace[]): Promise<string> {
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
        src: (fallback.local[face.style] ?? fallback.local.normal ?? [])
          .map((name) => `local(${JSON.stringify(name)})`)
          .join(', '),
      });
    }
  }
  return css;
}

/**
 * Adds the fallback faces after the stylesheet's `@import './fonts.css'` (Vite inlines that import
 * without running plugins on it, so the plugin reads fonts.css itself). The build fails if a
 * fallback family is not named in the stylesheet's font stacks: a face nobody uses is a mistake.
 */
export function fontFallbacks(): Plugin {
  const IMPORT = /@import\s+['"]\.\/fonts\.css['"];/;
  return {
    name: 'atelier-font-fallbacks',
    enforce: 'pre',
    async transform(code, id) {
      const [file = id, query = ''] = id.split('?');
      // `styles.css?url` is a JS module pointing at the stylesheet; the CSS itself comes next.
      if (!/[\\/]app[\\/]styles\.css$/.test(file) || /(^|&)url\b/.test(query)) return null;
      const match = IMPORT.exec(code);
      if (!match) throw new Error('font-fallbacks: styles.css no longer imports ./fonts.css');
      const fontsFile = resolve(dirname(file), 'fonts.css');
      const faces = brandFaces(await readFile(fontsFile, 'utf8'), fontsFile);
      for (const family of new Set(faces.map((face) => face.family))) {
        if (!code.includes(`'${generateFallbackName(family)}'`)) {
          throw new Error(`font-fallbacks: styles.css must name '${generateFallbackName(family)}' right after '${family}' in its font stack`);
        }
      }
      const css = await fallbackFaces(faces);
      return { code: code.replace(IMPORT, `${match[0]}\n${css}`), map: null };
    },
  };
}
