import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { brandFonts } from './font-fallbacks.ts';
import { lazyChunks } from './lazy-chunks.ts';
import { contractCodesOnly } from './contract-codes.ts';

const dir = String.raw`[\\/]`;
/** React, React Router and i18next: the framework every page runs on. */
const framework = new RegExp(
  `${dir}node_modules${dir}(react|react-dom|scheduler|react-router|@react-router|turbo-stream|cookie|set-cookie-parser|i18next)${dir}`,
);
/**
 * The site's own code every public page uses (layout, session, language, meta, images; the account
 * menu's draft count); admin-only code and helpers only some pages use (formatting, journal,
 * passwords, the collection's grid and swatches) stay apart, in the chunks of the pages that import them.
 */
const site = new RegExp(
  `${dir}(web${dir}app${dir}(lib${dir}(session|storage|language|api|api-errors|request|meta|motion|collection|order-draft)|i18n${dir}(index|react)|components${dir}(SiteLayout|LanguageToggle|ResponsiveImage))|contract${dir}src${dir}(constants|i18n|catalogue-helpers|pure))[\\\\/.]`,
);

export default defineConfig({
  plugins: [contractCodesOnly(), brandFonts(), lazyChunks(), reactRouter()],
  build: { assetsInlineLimit: 0 },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Two files instead of twenty small ones on a first visit: one request each and one
            // compression window, which alone saves several KB of gzip.
            codeSplitting: {
              groups: [
                { name: 'framework', test: framework, priority: 2 },
                { name: 'site', test: site, priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
});
