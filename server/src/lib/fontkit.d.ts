// fontkit ships no types: what this project calls of it (lib/pdf.ts lays a throwaway line out to warm a PDF thread).
declare module 'fontkit' {
  export interface Font {
    layout(text: string): unknown;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
