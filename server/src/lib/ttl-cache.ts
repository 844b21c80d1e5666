/**
 * A small in-process cache for public reads. Entries live `ttlMs` at most (a
 * safety net); any admin write that changes public content clears it at once,
 * here and, through the change channel, on the other instances.
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, { value: Promise<T>; expires: number }>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private generation = 0;

  constructor(ttlMs: number, maxEntries = 2000) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
  }

  /** The cached value, or `load()` once for concurrent callers; failures are not kept. */
  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (hit) this.entries.delete(key);
    // Full: the oldest entry goes (a flood of one-off keys cannot empty the cache of the pages in use).
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    const generation = this.generation;
    const value = load();
    this.entries.set(key, { value, expires: now + this.ttlMs });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    // A write during the load must not leave the older value behind.
    void value.then(
      () => {
        if (generation !== this.generation && this.entries.get(key)?.value === value) this.entries.delete(key);
      },
      () => undefined,
    );
    return value;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
