import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../test/helpers.ts';
import { runCrashTest } from './crash.ts';

// 8 SIGKILLs of a real server process during admin writes, retailer accepts, orders (pre-book and
// at-once from stock), order moves (shipments issue invoices), credit notes and stock counts, per database.
// `npm run soak` runs the same with 500 kills; `npm run crash -- --kills 100` any number. Eight keep CI's
// share small (20 took 2 × 104 s of its 20 minutes) while each kill still lands on ~100 acknowledged writes.
describe.concurrent.each(DIALECTS)('crash safety on %s', (dialect) => {
  it('keeps every acknowledged write, half-accepts nothing, duplicates no account or mail and keeps stock equal to its movements and orders and one invoice per parcel with unbroken numbers across 8 kills', async () => {
    const report = await runCrashTest({ dialect, kills: 8 });
    expect(report.problems).toEqual([]);
    // The run must really have written and been cut, or it proves nothing (more than 2 acknowledged writes per kill; a busy 2-core machine does 85–220).
    expect(report.acknowledged).toBeGreaterThan(50);
    expect(report.interrupted).toBeGreaterThan(0);
    expect(report.accepted).toBeGreaterThan(0);
    expect(report.orders).toBeGreaterThan(0);
    // At-once orders reserved pieces, so the stock checks had movements to add up.
    expect(report.atOnce).toBeGreaterThan(0);
    expect(report.movements).toBeGreaterThan(report.atOnce);
    // Shipments issued invoices, so the invoice checks (one per shipped order, no hole in a series) had some to count.
    expect(report.invoices).toBeGreaterThan(0);
  }, 180_000);
});
