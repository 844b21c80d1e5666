import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import SaxonJS from 'saxon-js';
import { validateXML } from 'xmllint-wasm';

/**
 * Offline validation of a Factur-X XML (issue 24): the Factur-X EN16931 XSD (xmllint, WebAssembly),
 * then three schematrons run with SaxonJS — CEN's EN 16931 CII rules, the Factur-X EN16931 profile,
 * and the French BR-FR rules. The official XSLTs (server/test/facturx/, with their licences) are
 * compiled to SEF with `xslt3` (no Java), kept gzipped in server/test/facturx/sef/ by content hash and
 * compiler version (a clean clone compiles nothing: 40 s and two cores less in CI), then cached unzipped.
 */
const require = createRequire(import.meta.url);
const DIR = path.join(import.meta.dirname, 'facturx');
const CACHE = path.join(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'facturx');
const SCHEMATRONS = ['EN16931-CII-validation', 'FACTUR-X_EN16931', 'BR-FR-Flux2-Schematron-CII'] as const;
const XSD = [
  'Factur-X_EN16931.xsd',
  'Factur-X_1.09_EN16931_urn_un_unece_uncefact_data_standard_QualifiedDataType_100.xsd',
  'Factur-X_1.09_EN16931_urn_un_unece_uncefact_data_standard_ReusableAggregateBusinessInformationEntity_100.xsd',
  'Factur-X_1.09_EN16931_urn_un_unece_uncefact_data_standard_UnqualifiedDataType_100.xsd',
];

/** The compiled stylesheets kept in the repository (gzipped, ~360 KB): a clean clone needs no compile. */
const COMPILED = path.join(DIR, 'sef');

async function sef(name: string): Promise<string> {
  const source = path.join(DIR, `${name}.xslt`);
  // The compiled form belongs to the compiler's version as much as to the stylesheet.
  const xslt3Version = (require('xslt3/package.json') as { version: string }).version;
  const hash = createHash('sha256')
    .update(await fs.readFile(source))
    .update(xslt3Version)
    .digest('hex')
    .slice(0, 16);
  const target = path.join(CACHE, `${name}-${hash}.sef.json`);
  const kept = path.join(COMPILED, `${name}-${hash}.sef.json.gz`);
  try {
    await fs.access(target);
    await fs.access(path.join(CACHE, 'FACTUR-X_EN16931_codedb.xml'));
    return target;
  } catch {
    await fs.mkdir(CACHE, { recursive: true });
    const temp = `${target}.${process.pid}.tmp`;
    try {
      await fs.writeFile(temp, gunzipSync(await fs.readFile(kept)));
    } catch {
      // Not kept for this stylesheet and compiler (~40 s): compiled here, and kept for the next clone (commit it).
      const xslt3 = path.join(path.dirname(require.resolve('xslt3/package.json')), 'xslt3.js');
      await promisify(execFile)(process.execPath, [xslt3, `-xsl:${source}`, `-export:${temp}`, '-nogo', '-relocate:on'], { maxBuffer: 16 * 1024 * 1024 });
      await fs.mkdir(COMPILED, { recursive: true });
      await fs.writeFile(kept, gzipSync(await fs.readFile(temp), { level: 9 }));
    }
    await fs.rename(temp, target);
    // The Factur-X stylesheet reads its code lists beside itself.
    await fs.copyFile(path.join(DIR, 'FACTUR-X_EN16931_codedb.xml'), path.join(CACHE, 'FACTUR-X_EN16931_codedb.xml'));
    return target;
  }
}

/** Readies the three stylesheets (from their kept compiled form; compiled in parallel, ~40 s, when a stylesheet or xslt3 changed). */
export async function prepareValidators(): Promise<void> {
  await Promise.all(SCHEMATRONS.map(sef));
}

export interface Failure {
  source: 'xsd' | (typeof SCHEMATRONS)[number];
  id: string;
  text: string;
}

/** Every error (fatal or error flag; warnings left out) the four validators report; [] when valid. */
export async function validateFacturx(xml: string): Promise<Failure[]> {
  const failures: Failure[] = [];
  const schema = await Promise.all(XSD.map(async (f) => ({ fileName: f, contents: await fs.readFile(path.join(DIR, f), 'utf8') })));
  const checked = await validateXML({ xml: [{ fileName: 'factur-x.xml', contents: xml }], schema: [schema[0]!], preload: schema.slice(1) });
  for (const e of checked.errors) failures.push({ source: 'xsd', id: 'XSD', text: e.rawMessage });
  for (const name of SCHEMATRONS) {
    const out = (await SaxonJS.transform(
      { stylesheetFileName: await sef(name), stylesheetBaseURI: `file://${path.join(DIR, `${name}.xslt`)}`, sourceText: xml, destination: 'serialized' },
      'async',
    )) as { principalResult: string };
    for (const m of out.principalResult.matchAll(/<svrl:failed-assert([^>]*)>[\s\S]*?<svrl:text>([\s\S]*?)<\/svrl:text>/g)) {
      const attrs = m[1]!;
      const flag = /flag="([^"]*)"/.exec(attrs)?.[1] ?? 'fatal';
      if (flag === 'warning' || flag === 'information') continue;
      failures.push({ source: name, id: /id="([^"]*)"/.exec(attrs)?.[1] ?? '?', text: m[2]!.trim().replace(/\s+/g, ' ') });
    }
  }
  return failures;
}
