import * as contract from '@atelier/contract';
import { fieldsOf, messageCatalogue, type Locale, type Sentences } from '@atelier/contract';

let catalogue: Map<string, Sentences> | null = null;

/** Every list of sentences the contract exports, by code (built on first use: a new list is known the day it is written). */
function sentences(): Map<string, Sentences> {
  catalogue ??= messageCatalogue(contract as Record<string, unknown>);
  return catalogue;
}

/** True for one of the API's own codes (`orders.orderNotFound`); false for any other text (a validator's generic message). */
export function isMessageCode(text: string): boolean {
  return sentences().has(text);
}

/**
 * A code's sentence in `locale` (issue 56: found by its code, never by its English); any other text
 * (a validator's generic message, words already in the caller's language) is said as it is.
 */
export function sentenceIn(text: string, locale: Locale): string {
  return sentences().get(text)?.[locale] ?? text;
}

/** The fields a code's sentence is about (`/discount`), as JSON pointers: its own `field`, else those its English names before its colon; none for other text. */
export function fieldsOfCode(text: string): string[] {
  const found = sentences().get(text);
  return !found ? [] : found.field ? [found.field] : fieldsOf(found.en);
}
