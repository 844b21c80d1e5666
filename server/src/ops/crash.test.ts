import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/helpers.ts';
import { runCrashTest } from './crash.ts';

// 20 SIGKILLs of a real server process during admin writes, stockist accepts and orders, per database.
// `npm run soak` runs the same with 500 kills.
describe.concurrent.each(DIALECTS)('crash safety on %s', (dialect) => {
  it('keeps every acknowledged write, half-accepts nothing and duplicates no account or mail across 20 kills', async () => {
    const report = await runCrashTest({ dialect, kills: 20 });
    expect(report.problems).toEqual([]);
    // The run must really have written and been cut, or it proves nothing (more than 2 acknowledged writes per kill; a busy 2-core machine does 85–220).
    expect(report.acknowledged).toBeGreaterThan(50);
    expect(report.interrupted).toBeGreaterThan(0);
    expect(report.accepted).toBeGreaterThan(0);
    expect(report.orders).toBeGreaterThan(0);
  }, 180_000);
});
