import { parse } from 'csv-parse/sync';
import { SEASON_MESSAGES, SIZES, type Locale, type Size, type StockImportResult, type StockItemInput } from '@atelier/contract';
import { HttpError } from '../../lib/http-errors.ts';
import { pick } from '../../lib/texts.ts';
import { IMPORT_MAX_LINES, key, type StockLevel, type VariantForStock } from './pieces.ts';

// The stock file the owner imports (issue 43's CSV): read, matched to styles, colours and sizes, each line's change or its error.

const fold = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

/** The file's rows (`;`, `,` or tab between cells, a BOM tolerated); 422 when it cannot be read, 413 past IMPORT_MAX_LINES. */
export function parseStockFile(text: string): string[][] {
  let records: string[][];
  try {
    const sample = text.slice(0, 2000);
    const delimiter = (sample.match(/;/g)?.length ?? 0) > (sample.match(/,/g)?.length ?? 0) ? ';' : sample.includes('\t') && !sample.includes(',') ? '\t' : ',';
    records = parse(text.replace(/^\ufeff/, ''), { delimiter, relax_column_count: true, skip_empty_lines: false, bom: true, trim: true }) as string[][];
  } catch (error) {
    throw new HttpError(422, SEASON_MESSAGES.importInvalid, {}, error instanceof Error ? error.message.slice(0, 200) : '');
  }
  if (records.length > IMPORT_MAX_LINES + 1) throw new HttpError(413, SEASON_MESSAGES.importTooLarge);
  return records;
}

/** Each row matched to a piece: the counts to write, what changes, what is unchanged, and each unreadable line with why. */
export function readStockLines(records: string[][], all: VariantForStock[], levels: Map<string, StockLevel>, lang: Locale) {
  const byReference = new Map<string, VariantForStock[]>();
  for (const v of all) if (v.reference) byReference.set(v.reference, [...(byReference.get(v.reference) ?? []), v]);
  const changes: StockImportResult['changes'] = [];
  const errors: StockImportResult['errors'] = [];
  const items: StockItemInput[] = [];
  const seen = new Map<string, number>();
  let unchanged = 0;
  records.forEach((cells, index) => {
    const line = index + 1;
    if (cells.every((c) => c === '')) return;
    const [reference = '', colour = '', sizeText = '', count = ''] = cells;
    const raw = cells.join(', ').slice(0, 200);
    // A header row: its count cell is not a number and it names no style we have.
    if (index === 0 && !/^\d*$/.test(count) && !byReference.has(reference.toUpperCase())) return;
    const fail = (error: string) => errors.push({ line, text: raw, error: importError(error, lang) });
    const candidates = byReference.get(reference.toUpperCase());
    if (!candidates) return fail(`unknownReference:${reference}`);
    const wanted = fold(colour);
    const variant = candidates.find(
      (v) => Object.values(v.colorNames).some((n) => n && fold(n) === wanted) || (v.colorCode && v.colorCode.toLowerCase() === wanted),
    );
    if (!variant) return fail(`unknownColour:${colour}`);
    const size = sizeText.toUpperCase().replace(/[^A-Z0-9]/g, '') as Size;
    if (!(SIZES as readonly string[]).includes(size) || !variant.sizes.includes(size)) return fail(`unknownSize:${sizeText}`);
    let onHand: number | null;
    if (count === '') onHand = null;
    else if (/^\d{1,7}$/.test(count)) onHand = Number(count);
    else return fail(`badCount:${count}`);
    const k = key(variant.variantId, size);
    if (seen.has(k)) return fail(`duplicate:${seen.get(k)}`);
    seen.set(k, line);
    const before = levels.get(k);
    if (onHand === null && (before?.reserved ?? 0) > 0) return fail('reserved');
    items.push({ variantId: variant.variantId, size, onHand });
    if ((before?.onHand ?? null) === onHand) {
      unchanged += 1;
      return;
    }
    changes.push({
      line,
      reference: variant.reference ?? '',
      colorName: pick(variant.colorNames, 'fr'),
      size,
      variantId: variant.variantId,
      from: before?.onHand ?? null,
      to: onHand,
    });
  });
  return { changes, errors, items, unchanged };
}

const IMPORT_ERRORS: Record<string, Record<Locale, string>> = {
  unknownReference: { fr: 'aucun style n’a la référence « {} »', en: 'no style has the reference “{}”' },
  unknownColour: { fr: 'ce style n’a pas le coloris « {} »', en: 'this style has no colour “{}”' },
  unknownSize: { fr: 'ce coloris n’existe pas en taille « {} »', en: 'this colour does not come in size “{}”' },
  badCount: {
    fr: '« {} » n’est pas un nombre entier de pièces (0 ou plus, vide : pas de stock)',
    en: '“{}” is not a whole number of pieces (0 or more, empty: not from stock)',
  },
  duplicate: { fr: 'même style, coloris et taille qu’à la ligne {}', en: 'same style, colour and size as line {}' },
  reserved: { fr: 'des pièces sont réservées : le stock ne peut pas être vidé', en: 'pieces are reserved: the stock cannot be emptied' },
};

/** `unknownColour:Rust` → a sentence in the owner's language. */
function importError(code: string, lang: Locale): string {
  const [name = '', ...rest] = code.split(':');
  const template = IMPORT_ERRORS[name]?.[lang] ?? name;
  return template.replace('{}', rest.join(':').slice(0, 60));
}
