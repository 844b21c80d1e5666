// Line sheet of a large collection: 60 styles × 4 colours, each style with its own drawn
// photograph, rendered cold in a fresh process. Prints one JSON line (read by bench/run.mjs):
// cold time, PDF size, and the process's memory before and after (with the cache emptied).
// `node --expose-gc bench/linesheet.ts`
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { productInput, termsInput } from '@atelier/contract';
import { loadConfig } from '../server/src/config.ts';
import { migrate, openDatabase } from '../server/src/db/index.ts';
import { createServices } from '../server/src/services.ts';
import { demoTerms } from '../server/src/cli/seed.ts';
import { garmentSvg, renderJpeg, type Garment } from '../server/src/cli/demo-images.ts';

const STYLES = Number(process.env.LINESHEET_STYLES ?? 60);
const COLOURS = ['#b5573a', '#c99a3b', '#6b6b3f', '#3d4f7a'];
const GARMENTS: Garment[] = ['dress', 'blouse', 'trousers', 'kimono', 'skirt', 'shirt', 'jumpsuit', 'stole'];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-linesheet-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED: 'none' });
const database = await openDatabase({ sqliteFile: path.join(dataDir, 'site.db') });
await migrate(database);
const services = createServices(config, database, pino({ level: 'silent' }));
await services.wholesale.saveTerms(termsInput.parse(demoTerms(config.BRAND_EMAIL)), null);
for (let i = 0; i < STYLES; i += 1) {
  const image = await services.media.store(await renderJpeg(garmentSvg(GARMENTS[i % GARMENTS.length]!, COLOURS[i % COLOURS.length]!, i)));
  await services.catalogue.save(
    productInput.parse({
      reference: `MS27-STYLE-${String(i + 1).padStart(3, '0')}`,
      translations: [
        { locale: 'fr', title: `Style ${i + 1}`, description: 'Lin lavé.', mantra: 'Marcher lentement, regarder loin.' },
        { locale: 'en', title: `Style ${i + 1}`, description: 'Washed linen.', mantra: 'Walk slowly, look far.' },
      ],
      variants: COLOURS.map((code, v) => ({
        colorCode: code,
        imageUrl: image,
        imageGallery: [],
        price: 80 + v,
        retailPrice: 185 + v * 5,
        sizes: ['XS', 'S', 'M', 'L', 'XL'],
        translations: [
          { locale: 'fr', colorName: `Coloris ${v + 1}` },
          { locale: 'en', colorName: `Colour ${v + 1}` },
        ],
      })),
    }),
    'fr',
  );
}

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const memory = () => {
  gc();
  const m = process.memoryUsage();
  return { rssMb: Math.round(m.rss / 2 ** 20), heapAndBuffersMb: Math.round((m.heapUsed + m.external) / 2 ** 20) };
};
const before = memory();
const started = performance.now();
const sheet = await services.wholesale.lineSheet('fr', 'La Mercerie du Port');
const coldMs = Math.round(performance.now() - started);
const warmStarted = performance.now();
await services.wholesale.lineSheet('fr', 'La Mercerie du Port');
const warmMs = Number((performance.now() - warmStarted).toFixed(2));
const sizeMb = Number((sheet.pdf.length / 2 ** 20).toFixed(2));
services.wholesale.invalidate();
const after = memory();
console.log(JSON.stringify({ styles: STYLES, variants: STYLES * COLOURS.length, coldMs, warmMs, sizeMb, before, after }));
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
