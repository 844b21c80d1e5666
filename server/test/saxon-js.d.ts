/** The part of SaxonJS (no types of its own on npm) the Factur-X validation uses. */
declare module 'saxon-js' {
  const SaxonJS: {
    transform(options: Record<string, unknown>, mode: 'async'): Promise<{ principalResult: unknown }>;
  };
  export default SaxonJS;
}
