// fontkit ships no types: what this project calls of it (pdfkit draws with what `create` returns).
declare module 'fontkit' {
  export interface Font {
    layout(text: string): unknown;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
