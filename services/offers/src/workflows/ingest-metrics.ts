import { metrics } from '@opentelemetry/api';

const meter = metrics.getMeter('@pc/offers/ingest');

const observations = meter.createCounter('offers.observations', {
  description: 'OfferObserved events handled, by outcome (change, refresh, unchanged, outdated, rejected)',
});
const rejections = meter.createCounter('offers.observations.rejected', {
  description: 'OfferObserved events skipped as unusable, by reason',
});
const delisted = meter.createCounter('offers.delisted', { description: 'Offers taken off the listings, by reason' });

export type ObservationOutcome = 'change' | 'refresh' | 'unchanged' | 'outdated' | 'rejected';

/** Ingest counters on /metrics: what the observation stream costs and what it is made of. */
export const ingestMetrics = {
  outcome: (outcome: ObservationOutcome): void => observations.add(1, { outcome }),
  rejected: (reason: string): void => {
    observations.add(1, { outcome: 'rejected' });
    rejections.add(1, { reason });
  },
  delisted: (reason: string, count: number): void => delisted.add(count, { reason }),
};
