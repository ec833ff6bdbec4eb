import { Availability } from '@pc/proto/common/v1/commerce';
import type { OfferObserved } from '@pc/proto/crawler/events/v1/events';
import { applyObservation, classifyObservation } from './offer-change.js';
import type { Observation } from './observation.js';
import type { OfferRecord } from './offer-record.js';
import { parsedObservation } from '../test-support/observations.js';

const HOUR = 3_600_000;
const rules = { staleAfterMs: 72 * HOUR, lastSeenGranularityMs: HOUR };
const now = new Date('2026-06-10T12:00:00Z');
const match = { productId: 'p1', error: '' };

function observation(hoursAgo: number, overrides: Partial<OfferObserved> = {}): Observation {
  return parsedObservation(new Date(now.getTime() - hoursAgo * HOUR), overrides, now);
}

const stored = (hoursAgo: number, overrides: Partial<Observation> = {}): OfferRecord =>
  applyObservation(null, { ...observation(hoursAgo), ...overrides }, match, now, rules).next;

describe('classifyObservation', () => {
  it('treats an unknown offer as a change that needs matching', () => {
    expect(classifyObservation(null, observation(1), now, rules)).toEqual({ kind: 'change', needsMatch: true });
  });

  it('ignores an observation older than the stored one', () => {
    expect(
      classifyObservation(stored(2), observation(3, { price: { amountMinor: 1, currency: 'CHF' } }), now, rules).kind,
    ).toBe('outdated');
  });

  it('finds an equal observation unchanged within the last-seen granularity, a refresh after it', () => {
    const offer = stored(5);
    expect(classifyObservation(offer, observation(4.5), now, rules).kind).toBe('unchanged');
    const refresh = classifyObservation(offer, observation(4), now, rules);
    expect(refresh).toMatchObject({
      kind: 'refresh',
      next: { lastSeenAt: observation(4).observedAt.toISOString(), version: offer.version },
    });
  });

  it('re-matches only when the identity (title, brand, GTIN, MPN) changed', () => {
    expect(
      classifyObservation(stored(5), observation(1, { price: { amountMinor: 9_000, currency: 'CHF' } }), now, rules),
    ).toEqual({ kind: 'change', needsMatch: false });
    expect(classifyObservation(stored(5), observation(1, { title: 'Phone 2' }), now, rules)).toEqual({
      kind: 'change',
      needsMatch: true,
    });
    expect(classifyObservation(stored(5), observation(1, { mpn: 'X-1' }), now, rules)).toEqual({
      kind: 'change',
      needsMatch: true,
    });
  });

  it('lists a stale offer again when a fresh observation confirms it', () => {
    const stale = stored(100);
    expect(stale.active).toBe(false);
    expect(classifyObservation(stale, observation(1), now, rules)).toEqual({ kind: 'change', needsMatch: false });
  });
});

describe('applyObservation', () => {
  it('creates a listed offer with its first price point', () => {
    const { next, point, changedFields } = applyObservation(null, observation(1), match, now, rules);
    expect(next).toMatchObject({
      productId: 'p1',
      active: true,
      inStock: true,
      version: 1,
      totalSort: Number.MAX_SAFE_INTEGER,
    });
    expect(point).toEqual({
      t: observation(1).observedAt.toISOString(),
      p: 10_000,
      c: 'CHF',
      a: Availability.AVAILABILITY_IN_STOCK,
    });
    expect(changedFields).toEqual([]);
  });

  it('records an observation older than the stale limit for history without listing it', () => {
    const { next, point } = applyObservation(null, observation(100), match, now, rules);
    expect(next).toMatchObject({ active: false, inactiveReason: 'stale' });
    expect(point?.p).toBe(10_000);
  });

  it('names the changed fields and adds a point only for price or availability', () => {
    const before = stored(5);
    const renamed = applyObservation(before, observation(1, { title: 'Phone (2026)' }), match, now, rules);
    expect(renamed.changedFields).toEqual(['name']);
    expect(renamed.point).toBeNull();
    expect(renamed.next.version).toBe(before.version + 1);
    const cheaper = applyObservation(
      before,
      observation(1, {
        price: { amountMinor: 9_500, currency: 'CHF' },
        shipping: { amountMinor: 500, currency: 'CHF' },
      }),
      match,
      now,
      rules,
    );
    expect(cheaper.changedFields).toEqual(['price', 'shipping']);
    expect(cheaper.point?.p).toBe(9_500);
    expect(cheaper.next).toMatchObject({ totalSort: 10_000, priceChangedAt: observation(1).observedAt.toISOString() });
  });

  it('adds a point after a removal dated later than this observation (it was still listed)', () => {
    const removed: OfferRecord = {
      ...stored(10),
      active: false,
      inactiveReason: 'stale',
      lastPoint: { t: now.toISOString(), p: null, c: 'CHF', a: Availability.AVAILABILITY_IN_STOCK },
    };
    const { point, changedFields } = applyObservation(removed, observation(5), match, now, rules);
    expect(changedFields).toEqual(['active']);
    expect(point?.p).toBe(10_000);
  });

  it('reports a new product link', () => {
    expect(
      applyObservation(stored(5), observation(1, { title: 'Phone 2' }), { productId: 'p2', error: '' }, now, rules)
        .changedFields,
    ).toEqual(['product_id', 'name']);
  });
});
