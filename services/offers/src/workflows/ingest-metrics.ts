import { metrics } from '@opentelemetry/api';

const meter = metrics.getMeter('@pc/offers/ingest');

const observations = meter.createCounter('offers.observations', {
  description: 'OfferObserved events handled, by outcome (change, refresh, unchanged, outdated, rejected)',
});
const rejections = meter.createCounter('offers.observations.rejected', {
  description: 'OfferObserved events skipped as unusable, by reason',
});
const delisted = meter.createCounter('offers.delisted', { description: 'Offers taken off the listings, by reason' });

/** As of the last count of the shops' offers (the freshness sweep's, every OFFERS_SHOP_COUNT_INTERVAL). */
const totals = { listedOffers: 0, activeShops: 0 };
meter
  .createObservableGauge('offers.listed', {
    description: 'Offers listed (active, fresh) over all shops',
    unit: '{offer}',
  })
  .addCallback((result) => result.observe(totals.listedOffers));
meter
  .createObservableGauge('offers.shops.active', { description: 'Shops with status active', unit: '{shop}' })
  .addCallback((result) => result.observe(totals.activeShops));
// Zero from the start, so rates and dashboards have a series before the first observation.
for (const outcome of ['change', 'refresh', 'unchanged', 'outdated', 'rejected']) observations.add(0, { outcome });

export type ObservationOutcome = 'change' | 'refresh' | 'unchanged' | 'outdated' | 'rejected';

/** Ingest counters on /metrics: what the observation stream costs and what it is made of. */
export const ingestMetrics = {
  outcome: (outcome: ObservationOutcome): void => observations.add(1, { outcome }),
  rejected: (reason: string): void => {
    observations.add(1, { outcome: 'rejected' });
    rejections.add(1, { reason });
  },
  delisted: (reason: string, count: number): void => delisted.add(count, { reason }),
  catalogueTotals: (counted: { listedOffers: number; activeShops: number }): void => {
    Object.assign(totals, counted);
  },
};
