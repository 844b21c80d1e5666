import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../test/helpers.ts';
import { runCrashTest } from './crash.ts';

// At least 8 SIGKILLs of a real server process during admin writes, retailer accepts, orders (pre-book and
// at-once from stock), order moves (shipments issue invoices), credit notes and stock counts, per database;
// more (up to 16, long and aimed at what is lacking) when a busy machine wrote too little between them to cover every kind of write (with three
// test files at a time, 8 kills once gave 33 acknowledged writes and no parcel). 20 took 2 × 104 s of CI's
// 20 minutes. `npm run soak` runs the same with 500 kills; `npm run crash -- --kills 100` any number.
describe.concurrent.each(DIALECTS)('crash safety on %s', (dialect) => {
  it('keeps every acknowledged write, half-accepts nothing, duplicates no account or mail and keeps stock equal to its movements and orders and one invoice per parcel with unbroken numbers across at least 8 kills', async () => {
    const report = await runCrashTest({ dialect, kills: 8 });
    expect(report.problems).toEqual([]);
    // The run must really have written and been cut, or it proves nothing (the run goes on past its 8 kills until it has).
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
