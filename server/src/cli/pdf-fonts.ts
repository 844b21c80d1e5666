// `node server/src/cli/pdf-fonts.ts` (part of `npm run build`): makes the brand's faces for the PDFs
// once (each with its narrow no-break space) into web/build/pdf-fonts, so a server reads them
// instead of rebuilding them at its first PDF (see brandFonts).
import fs from 'node:fs';
import path from 'node:path';
import { PREBUILT_DIR, makeFaces } from '../lib/fonts.ts';

fs.rmSync(PREBUILT_DIR, { recursive: true, force: true });
fs.mkdirSync(PREBUILT_DIR, { recursive: true });
for (const { name, ttf } of await makeFaces()) fs.writeFileSync(path.join(PREBUILT_DIR, name), ttf);
console.log(`PDF fonts made in ${path.relative(process.cwd(), PREBUILT_DIR)}`);
