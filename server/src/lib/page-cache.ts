/**
 * Anonymous page renders, kept stale-while-revalidate: once a page has been rendered, no visitor
 * waits for React again. A content change (here or on another instance) marks every page stale
 * and re-renders the most visited ones in the background, one at a time, swapping each in as it
 * lands; meanwhile visitors get the previous page. A page older than the TTL (the safety net
 * for a change message lost) is served once more while its new render runs.
 */
export interface PageCacheStats {
  /** Served from a render that was current. */
  hit: number;
  /** Served the previous render while a new one ran. */
  stale: number;
  /** Waited for a render (first visit of a URL, or a page evicted). */
  miss: number;
  /** Renders kept (a visitor's wait or in the background). */
  renders: number;
}

interface Entry<T> {
  value: T;
  generation: number;
  renderedAt: number;
  lastUsed: number;
  /** Requests served from it, halved at each change: how much it is asked for lately. */
  hits: number;
}

/** Pages not asked for in this long are left to their next visitor after a change. */
const RECENT_MS = 10 * 60_000;

export class PageCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly inflight = new Map<string, Promise<T>>();
  private readonly inflightStarted = new Map<string, number>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly refreshLimit: number;
  private readonly render: (key: string) => Promise<T>;
  private readonly keep: (value: T) => boolean;
  private readonly onError: (err: unknown, key: string) => void;
  private readonly unaffected: (key: string) => boolean;
  private generation = 0;
  private queue: string[] = [];
  private draining = false;
  readonly stats: PageCacheStats = { hit: 0, stale: 0, miss: 0, renders: 0 };

  constructor(options: {
    ttlMs: number;
    maxEntries: number;
    /** How many of the pages asked for lately a change re-renders ahead of visitors (most asked first). */
    refreshLimit: number;
    /** Renders a key on its own (no visitor's request: a background render has none). */
    render: (key: string) => Promise<T>;
    /** Whether a render may be kept (a server error is not). */
    keep: (value: T) => boolean;
    onError?: (err: unknown, key: string) => void;
    /** Keys whose answer no content change affects (they stay current). */
    unaffected?: (key: string) => boolean;
  }) {
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries;
    this.refreshLimit = options.refreshLimit;
    this.render = options.render;
    this.keep = options.keep;
    this.onError = options.onError ?? (() => {});
    this.unaffected = options.unaffected ?? (() => false);
  }

  /**
   * The page for `key`: current, or the previous one while its new render runs, or rendered now.
   * `freshAfter` (ms) is for the browser that just wrote: a render that started before it would
   * not show the write, so that browser waits for one that started after (read your own writes).
   */
  async get(key: string, freshAfter?: number): Promise<T> {
    const now = Date.now();
    const entry = this.entries.get(key);
    // Strictly after: a render begun in the write's own millisecond may have read before it.
    if (freshAfter !== undefined && !(entry && entry.renderedAt > freshAfter)) {
      this.stats.miss += 1;
      const running = this.inflight.get(key);
      if (running && this.inflightStarted.get(key)! > freshAfter) return running;
      return this.refresh(key, true);
    }
    if (entry) {
      entry.lastUsed = now;
      entry.hits += 1;
      if (entry.generation === this.generation && now - entry.renderedAt < this.ttlMs) {
        this.stats.hit += 1;
        return entry.value;
      }
      this.stats.stale += 1;
      void this.refresh(key).catch((err: unknown) => this.onError(err, key));
      return entry.value;
    }
    this.stats.miss += 1;
    return this.refresh(key);
  }

  /**
   * Content changed: every page is stale; the pages asked for lately are rendered again now, in
   * the background, the most asked for first (the home page before a page seen once).
   */
  invalidate(): void {
    this.generation += 1;
    const now = Date.now();
    const wanted: Array<[string, Entry<T>]> = [];
    for (const [key, entry] of this.entries) {
      if (this.unaffected(key)) entry.generation = this.generation;
      else if (now - entry.lastUsed < RECENT_MS) wanted.push([key, entry]);
    }
    wanted.sort((a, b) => b[1].hits - a[1].hits || b[1].lastUsed - a[1].lastUsed);
    this.queue = wanted.slice(0, this.refreshLimit).map(([key]) => key);
    for (const entry of this.entries.values()) entry.hits = Math.floor(entry.hits / 2);
    void this.drain();
  }

  /** Forgets a page (its next visitor waits for a render). */
  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.queue = [];
  }

  get size(): number {
    return this.entries.size;
  }

  /** Resolves once the background renders a change started have all landed (tests, bench). */
  async settled(): Promise<void> {
    while (this.draining || this.inflight.size > 0) {
      await Promise.allSettled([...this.inflight.values()]);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      // One render at a time: visitors' requests keep the event loop between two renders.
      while (this.queue.length > 0) {
        const key = this.queue.shift()!;
        const entry = this.entries.get(key);
        if (entry && entry.generation === this.generation) continue; // a visitor's refresh got there first
        await this.refresh(key).catch((err: unknown) => this.onError(err, key));
      }
    } finally {
      this.draining = false;
    }
  }

  /** Renders `key` (joining the render under way unless `anew`) and keeps the result unless a later one landed. */
  private refresh(key: string, anew = false): Promise<T> {
    const running = this.inflight.get(key);
    if (running && !anew) return running;
    const generation = this.generation;
    const started = Date.now();
    const promise: Promise<T> = this.render(key).then(
      (value) => {
        if (this.inflight.get(key) === promise) {
          this.inflight.delete(key);
          this.inflightStarted.delete(key);
        }
        const current = this.entries.get(key);
        if (current && current.renderedAt > started) return value; // a later render already landed
        if (this.keep(value)) {
          if (!this.entries.has(key) && this.entries.size >= this.maxEntries) this.evict();
          // Rendered before a later change: kept (newer than what was there) but still stale.
          this.entries.set(key, { value, generation, renderedAt: started, lastUsed: current?.lastUsed ?? Date.now(), hits: current?.hits ?? 0 });
          this.stats.renders += 1;
        } else {
          this.entries.delete(key);
        }
        return value;
      },
      (err: unknown) => {
        if (this.inflight.get(key) === promise) {
          this.inflight.delete(key);
          this.inflightStarted.delete(key);
        }
        throw err;
      },
    );
    this.inflight.set(key, promise);
    this.inflightStarted.set(key, started);
    return promise;
  }

  /** Full: the least recently used page goes (a flood of one-off URLs cannot push out the pages in use). */
  private evict(): void {
    let oldest: string | undefined;
    let oldestUse = Infinity;
    for (const [key, entry] of this.entries) {
      if (entry.lastUsed < oldestUse) {
        oldestUse = entry.lastUsed;
        oldest = key;
      }
    }
    if (oldest !== undefined) this.entries.delete(oldest);
  }
}
