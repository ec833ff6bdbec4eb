import type { JobKind } from '@pc/jobs/job-kind';
import type { FreshnessSweep } from './freshness-sweep.js';

/**
 * The full freshness sweep as a recurring durable job (ADR 055): one run per interval across
 * replicas, shown in the job dashboard with its report; a failed run is followed by the next one.
 */
export function freshnessSweepJob(sweep: FreshnessSweep, everyMs: number): JobKind<null> {
  return {
    kind: 'offers.freshness-sweep',
    everyMs,
    maxAttempts: 1,
    run: async ({ log }) => {
      const report = await sweep.runOnce();
      log(
        `delisted ${report.staleDelisted} stale and ${report.shopOffersDelisted} shop offers, ` +
          `refreshed ${report.trendsRefreshed} trends, pruned ${report.monthsPruned} months, folded ${report.daysFolded} days`,
      );
      return report;
    },
  };
}
