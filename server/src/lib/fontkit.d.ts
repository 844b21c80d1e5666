/** The part of fontkit (pdfkit's font parser; no types of its own in its package) the PDFs use. */
declare module 'fontkit' {
  /** A parsed font: pdfkit takes it in `registerFont` as it takes the file's bytes, without parsing it again. */
  export interface Font {
    layout(text: string): unknown;
  }
  export function create(buffer: Uint8Array): Font;
}
