import type { AllocationRule } from '@atelier/contract';

/** A pre-order's line as a rule sees it: what it still asks, in steps of so many, its company's priority and its turn by arrival. */
export interface Claim {
  lineId: number;
  asked: number;
  step: number;
  /** 1 first … 5 last. */
  priority: number;
  /** Its place by arrival (0: sent first). */
  rank: number;
}

const byArrival = (a: Claim, b: Claim) => a.rank - b.rank;
const byPriority = (a: Claim, b: Claim) => a.priority - b.priority || a.rank - b.rank;
const down = (n: number, step: number) => Math.floor(n / step) * step;

/** Each line in turn gets what it asks, as far as the shelf goes, in whole steps. */
function inTurn(shelf: number, claims: Claim[]): Map<number, number> {
  const gets = new Map<number, number>();
  let left = shelf;
  for (const c of claims) {
    const g = Math.min(c.asked, down(left, c.step));
    gets.set(c.lineId, g);
    left -= g;
  }
  return gets;
}

/**
 * Each line the same share of what it asked, rounded down to its step; what is left then goes one step at
 * a time to each line in order of arrival, round after round, while a line still asks and the shelf holds.
 */
function inProportion(shelf: number, claims: Claim[]): Map<number, number> {
  const asked = claims.reduce((sum, c) => sum + c.asked, 0);
  const gets = new Map<number, number>();
  if (asked <= shelf) {
    for (const c of claims) gets.set(c.lineId, c.asked);
    return gets;
  }
  let left = shelf;
  for (const c of claims) {
    const g = down(Math.floor((c.asked * shelf) / asked), c.step);
    gets.set(c.lineId, g);
    left -= g;
  }
  const turn = [...claims].sort(byArrival);
  for (let given = true; given && left > 0;) {
    given = false;
    for (const c of turn) {
      const g = gets.get(c.lineId)!;
      if (c.step <= left && g + c.step <= c.asked) {
        gets.set(c.lineId, g + c.step);
        left -= c.step;
        given = true;
      }
    }
  }
  return gets;
}

/**
 * One piece's shelf shared out among the lines that ask for it (issue 58), by the owner's rule: order of
 * arrival (first sent, first served), in proportion (the same share for each), or by the companies'
 * priority (then arrival). Never more than a line asks, never more than the shelf, always whole steps.
 */
export function share(rule: AllocationRule, shelf: number, claims: Claim[]): Map<number, number> {
  if (rule === 'proportion') return inProportion(Math.max(0, shelf), claims);
  return inTurn(Math.max(0, shelf), [...claims].sort(rule === 'priority' ? byPriority : byArrival));
}
