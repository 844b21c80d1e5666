/**
 * The API's own sentences, defined once (issue 56): each with its stable code and its English and
 * French side by side. A list's values are the codes (`orders.orderNotFound`): a service throws the
 * code, a schema's refinement carries it, and the answer is written in the caller's language from the
 * code, never by looking an English sentence up.
 */
export type Sentences = {
  readonly en: string;
  readonly fr: string;
  /** The body's field the sentence is about, as a JSON pointer (`/url`), when its English does not begin with it. */
  readonly field?: string;
};

/** Where a list keeps its sentences, beside its codes (a symbol: walking a list's entries gives the codes only). */
export const SENTENCES: unique symbol = Symbol.for('atelier.sentences');

export type MessageList<A extends string, T extends Record<string, Sentences>> = { readonly [K in keyof T & string]: `${A}.${K}` } & {
  readonly [SENTENCES]: { readonly [K in keyof T & string]: Sentences };
};

/**
 * A list of sentences under `area`: `{ key: { en, fr } }` → `{ key: 'area.key' }`, the sentences kept under
 * SENTENCES. Free of side effects (the annotation tells the bundler): a list no page uses is left out of
 * the browser's code, as a plain object was.
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineMessages<const A extends string, const T extends Record<string, Sentences>>(area: A, list: T): MessageList<A, T> {
  const codes: Record<string, string> = {};
  for (const key of Object.keys(list)) codes[key] = `${area}.${key}`;
  Object.defineProperty(codes, SENTENCES, { value: Object.freeze({ ...list }), enumerable: false });
  return Object.freeze(codes) as MessageList<A, T>;
}

/** Every list a module namespace exports (any value carrying SENTENCES), as code → sentences. */
export function messageCatalogue(...modules: Array<Record<string, unknown>>): Map<string, Sentences> {
  const catalogue = new Map<string, Sentences>();
  for (const module of modules) {
    for (const value of Object.values(module)) {
      if (typeof value !== 'object' || value === null || !(SENTENCES in value)) continue;
      const codes = value as Record<string, string>;
      const sentences = (value as { [SENTENCES]: Record<string, Sentences> })[SENTENCES];
      for (const [key, code] of Object.entries(codes)) catalogue.set(code, sentences[key]!);
    }
  }
  return catalogue;
}
