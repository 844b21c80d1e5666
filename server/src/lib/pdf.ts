import type { Font } from 'fontkit';
import { brandFonts, type Face } from './fonts.ts';

/** pdfkit (and fontkit under it, tens of MB) is loaded by the first PDF, not at start: most processes at rest draw none (issue 61). */
let pdfkit: Promise<{ default: typeof import('pdfkit') }> | undefined;

/**
 * The faces parsed once per thread (fontkit's tables, ~1 MB), not once per document: pdfkit parsed
 * all four for each PDF it drew (~40 ms of each invoice, and most of the first one's wait). A
 * document only reads them (each keeps its own subset of the glyphs it used).
 */
let parsedFaces: Promise<Record<Face, Font>> | undefined;
function faces(): Promise<Record<Face, Font>> {
  parsedFaces ??= Promise.all([brandFonts(), import('fontkit')]).then(([fonts, fontkit]) => {
    const entries = Object.entries(fonts).map(([face, bytes]) => {
      const font = fontkit.create(bytes);
      // fontkit reads a face's tables when they are first needed: a line of text reads those every text needs.
      font.layout('Facture n° 2027-0001 · 1 234,56 € HT, TVA 20 %');
      return [face, font];
    });
    return Object.fromEntries(entries) as Record<Face, Font>;
  });
  parsedFaces.catch(() => (parsedFaces = undefined));
  return parsedFaces;
}

/** pdfkit and the parsed faces, loaded now (a thread that will draw soon prepares while it waits). */
export async function preparePdfs(): Promise<void> {
  await Promise.all([faces(), (pdfkit ??= import('pdfkit'))]);
}

/**
 * A PDF in the brand's embedded fonts (faces `serif`, `serifItalic`, `sans`, `sansBold`): A4,
 * pages buffered (for page numbers written at the end), the title shown by readers; `done` gives
 * the bytes once `doc.end()` is called. The line sheet, the cut sheet and the invoices use it.
 */
export async function brandPdf(options: PDFKit.PDFDocumentOptions): Promise<{ doc: PDFKit.PDFDocument; done: Promise<Buffer> }> {
  const fonts = await faces();
  const { default: PDFDocument } = await (pdfkit ??= import('pdfkit'));
  const doc = new PDFDocument({ size: 'A4', bufferPages: true, displayTitle: true, ...options });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // pdfkit takes a parsed font as it takes bytes (PDFFontFactory.open: anything with `layout`).
  for (const [face, font] of Object.entries(fonts)) doc.registerFont(face, font as unknown as Buffer);
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
