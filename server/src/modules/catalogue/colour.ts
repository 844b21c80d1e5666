function rgb(hex: string | null): [number, number, number] | null {
  if (!hex || !/^#[0-9a-f]{6}$/i.test(hex)) return null;
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/**
 * How close two products look: the smallest distance (RGB, 0–441) between any
 * colour of one and any colour of the other; 0 when they share a colour.
 * Products without colour codes come last.
 */
export function colourDistance(a: readonly (string | null)[], b: readonly (string | null)[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (const x of a.map(rgb)) {
    for (const y of b.map(rgb)) {
      if (!x || !y) continue;
      best = Math.min(best, Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]));
    }
  }
  return best;
}
