import { create, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import { brandFonts, type Face } from './fonts.ts';

let parsed: Promise<Array<[Face, Font]>> | null = null;

/**
 * The brand's faces parsed once per process (or worker thread), not once per document: each PDF still
 * embeds its own subset, but parsing the four faces again cost ~8 ms of the ~12 ms a short document takes.
 */
function parsedFonts(): Promise<Array<[Face, Font]>> {
  parsed ??= brandFonts().then((fonts) => (Object.entries(fonts) as Array<[Face, Buffer]>).map(([face, bytes]) => [face, create(bytes)]));
  parsed.catch(() => {
    parsed = null;
  });
  return parsed;
}

/**
 * A PDF in the brand's embedded fonts (faces `serif`, `serifItalic`, `sans`, `sansBold`): A4,
 * pages buffered (for page numbers written at the end), the title shown by readers; `done` gives
 * the bytes once `doc.end()` is called. The line sheet, the cut sheet and the invoices use it.
 */
export async function brandPdf(options: PDFKit.PDFDocumentOptions): Promise<{ doc: PDFKit.PDFDocument; done: Promise<Buffer> }> {
  const fonts = await parsedFonts();
  const doc = new PDFDocument({ size: 'A4', bufferPages: true, displayTitle: true, ...options });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // pdfkit's types name only a path or the bytes; it takes a parsed font as well (PDFFontFactory.open).
  for (const [face, font] of fonts) doc.registerFont(face, font as unknown as Buffer);
  return { doc, done };
}

/** The brand's print palette (DESIGN.md's ink, muted ink, terracotta, rule and sand band). */
export const PDF_COLOURS = { ink: '#2b2620', muted: '#5f574c', accent: '#9a4a2c', rule: '#d9cfc0', band: '#f3ece1' } as const;

/**
 * Writes each page's footer once every page exists (so "page 2 of 5" knows the count): `draw` is
 * called on each page from `first` (0: all; 1: all but the cover), with the bottom margin lifted so
 * that text set in it does not start a new page.
 */
export function pageFooters(doc: PDFKit.PDFDocument, draw: (page: number, count: number) => void, first = 0): void {
  const range = doc.bufferedPageRange();
  for (let i = first; i < range.count; i += 1) {
    doc.switchToPage(range.start + i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    draw(i + 1, range.count);
    doc.page.margins.bottom = bottom;
  }
}
