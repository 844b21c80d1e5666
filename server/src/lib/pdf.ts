import { brandFonts } from './fonts.ts';

/** pdfkit (and fontkit under it, tens of MB) is loaded by the first PDF, not at start: most processes at rest draw none (issue 61). */
let pdfkit: Promise<{ default: typeof import('pdfkit') }> | undefined;

/**
 * pdfkit, the faces' bytes and fontkit's code, made ready now: a thread that will draw soon (the owner opened an
 * order, `WorkerPool.warm`) prepares while it waits. Each face is parsed and a line laid out once, then dropped,
 * so that fontkit's parsing and layout code is compiled before the first document. Each document still parses
 * its own faces: one parsed face shared by several documents gave some glyphs the characters another document
 * had first met them with, and a PDF's text layer read "days!" for "days." (the line sheet's e2e test caught it).
 */
export async function preparePdfs(): Promise<void> {
  const [fonts, fontkit] = await Promise.all([brandFonts(), import('fontkit'), (pdfkit ??= import('pdfkit'))]);
  for (const bytes of Object.values(fonts)) fontkit.create(bytes).layout('Facture n° 2027-0001 · 1 234,56 € HT, TVA 20 %.');
}

/**
 * A PDF in the brand's embedded fonts (faces `serif`, `serifItalic`, `sans`, `sansBold`): A4,
 * pages buffered (for page numbers written at the end), the title shown by readers; `done` gives
 * the bytes once `doc.end()` is called. The line sheet, the cut sheet and the invoices use it.
 */
export async function brandPdf(options: PDFKit.PDFDocumentOptions): Promise<{ doc: PDFKit.PDFDocument; done: Promise<Buffer> }> {
  const fonts = await brandFonts();
  const { default: PDFDocument } = await (pdfkit ??= import('pdfkit'));
  const doc = new PDFDocument({ size: 'A4', bufferPages: true, displayTitle: true, ...options });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const [face, bytes] of Object.entries(fonts)) doc.registerFont(face, bytes);
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
