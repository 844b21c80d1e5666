import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A library loaded the first time a synchronous constructor needs it, not at start: an instance that never uses
 * it (no bucket, no Redis, no metrics) never holds its code in memory. Node caches it after the first call.
 */
export function onFirstUse<T>(specifier: string): () => T {
  return () => require(specifier) as T;
}
