import { EventEnvelope } from '@pc/proto/events/v1/envelope';
import { OfferObserved } from '@pc/proto/crawler/events/v1/events';
import { Events } from '@pc/proto/event-catalog';
import { parseSeedOptions, type SeedOptions } from '../cli/seed-options';
import { startOfDay } from '../calendar/days';
import { dryRunShopIds, prepareGeneration } from '../run/generation';
import { builtinTaxonomy } from '../taxonomy/builtin-categories';
import { encodeObservations } from './encode-records';
import type { PendingObservation } from './observation';
import { retainedHeapBytes } from '@pc/kit/testing/retained-heap';

const options = (flags: string[]): SeedOptions => {
  const parsed = parseSeedOptions(['--until', '2026-06-01', '--products', '300', ...flags], {}, new Date());
  if (parsed === 'help') throw new Error('unexpected help');
  return parsed;
};

function observations(flags: string[] = []): PendingObservation[] {
  const generation = prepareGeneration(options(flags), builtinTaxonomy());
  return [...generation.observations(dryRunShopIds(generation.shops))].flat();
}

const firstRecords = (flags: string[], n: number) => encodeObservations(observations(flags).slice(0, n));

describe('observation stream', () => {
  const all = observations();
  const now = startOfDay(options([]).untilDay);

  it('is byte for byte the same for the same flags, and different for another seed', () => {
    const a = firstRecords([], 2_000);
    const b = firstRecords([], 2_000);
    expect(b.map((r) => Buffer.from(r.value).toString('hex'))).toEqual(
      a.map((r) => Buffer.from(r.value).toString('hex')),
    );
    expect(b.map((r) => r.key)).toEqual(a.map((r) => r.key));
    const other = firstRecords(['--seed', '2'], 2_000);
    expect(other.map((r) => Buffer.from(r.value).toString('hex'))).not.toEqual(
      a.map((r) => Buffer.from(r.value).toString('hex')),
    );
  });

  it('gives another "now" other event ids, so a later run is not taken for a redelivery', () => {
    const later = observations(['--until', '2026-06-02']);
    const ids = new Set(all.map((o) => o.eventId));
    expect(later.filter((o) => ids.has(o.eventId))).toHaveLength(0);
    expect(ids.size).toBe(all.length);
  });

  it('is in global time order and ends with one observation of every offer at "now"', () => {
    for (let i = 1; i < all.length; i += 1)
      expect(all[i]?.observedAt.getTime()).toBeGreaterThanOrEqual(all[i - 1]?.observedAt.getTime() as number);
    const keys = new Set(all.map((o) => o.key));
    const finals = all.filter((o) => o.observedAt.getTime() === now.getTime());
    expect(finals).toHaveLength(keys.size);
    expect(new Set(finals.map((o) => o.key)).size).toBe(keys.size);
    expect(all.slice(-finals.length).every((o) => o.observedAt.getTime() === now.getTime())).toBe(true);
  });

  it('publishes OfferObserved records on the crawler topic keyed "{shop_id}:{shop_offer_id}"', () => {
    const records = encodeObservations(all.slice(0, 500));
    for (const record of records) {
      expect(record.topic).toBe('crawler.offer-observed.v1');
      const envelope = EventEnvelope.decode(record.value);
      expect(envelope.type).toBe(Events.offerObserved.typeName);
      const payload = OfferObserved.decode(envelope.payload);
      expect(record.key).toBe(`${payload.shopId}:${payload.shopOfferId}`);
      expect(envelope.occurredAt?.getTime()).toBe(payload.observedAt?.getTime());
    }
  });

  it('sends what feeds really send: GTINs mostly, sometimes none or broken; titles in the shop’s language', () => {
    const finals = all.filter((o) => o.observedAt.getTime() === now.getTime()).map((o) => o.payload);
    const withGtin = finals.filter((p) => p.gtin !== '').length / finals.length;
    expect(withGtin).toBeGreaterThan(0.6);
    expect(withGtin).toBeLessThan(0.98);
    expect(finals.some((p) => p.gtin === '' && p.rawGtin !== '')).toBe(true); // placeholder or bad check digit
    expect(finals.some((p) => p.gtin === '' && p.rawGtin === '' && p.mpn !== '')).toBe(true);
    for (const p of finals) {
      if (p.gtin) expect(p.gtin).toMatch(/^\d{14}$/);
      expect(p.price?.currency).toBe(p.country === 'CH' ? 'CHF' : p.country === 'GB' ? 'GBP' : 'EUR');
      expect(p.imageUrls[0]).toMatch(/^http:\/\/127\.0\.0\.1:3000\/img\/placeholder\/[a-z0-9-]+\.svg$/);
    }
    const languages = new Set(finals.map((p) => p.language));
    expect(languages).toEqual(new Set(['de', 'fr', 'it', 'es', 'pt', 'en']));
    // One product, several shops, several titles.
    const byGtin = new Map<string, Set<string>>();
    for (const p of finals) if (p.gtin) byGtin.set(p.gtin, (byGtin.get(p.gtin) ?? new Set()).add(p.title));
    expect([...byGtin.values()].filter((titles) => titles.size > 1).length).toBeGreaterThan(100);
  });

  it('generates 100,000 products and their offers as a stream, in bounded memory', () => {
    const generation = prepareGeneration(options(['--products', '100000']), builtinTaxonomy());
    const before = retainedHeapBytes();
    let offers = 0;
    let peak = 0;
    for (const product of generation.universe.products(100_000)) {
      offers += generation.planner.offersOf(product).length;
      if (product.index % 20_000 === 0) peak = Math.max(peak, retainedHeapBytes() - before);
    }
    expect(offers).toBeGreaterThan(400_000);
    // Keeping the ~450,000 offers (titles, URLs, descriptions) would take several hundred MB.
    expect(peak).toBeLessThan(96 * 1024 * 1024);
  }, 60_000);

  it('walks the history a cohort at a time: time-ordered within each, memory bounded by its size', () => {
    const generation = prepareGeneration(
      options(['--products', '6000', '--history-days', '30', '--cohort', '1500', '--batch', '5000']),
      builtinTaxonomy(),
    );
    const before = retainedHeapBytes();
    let peak = 0;
    let cohorts = 1;
    let previous = 0;
    let batches = 0;
    for (const batch of generation.observations(dryRunShopIds(generation.shops))) {
      for (const observation of batch) {
        const at = observation.observedAt.getTime();
        // A new cohort starts over at the beginning of the window.
        if (at < previous) cohorts += 1;
        previous = at;
      }
      // A full collection per sample is slow; what a cohort retains builds up over many batches.
      if (++batches % 8 === 0) peak = Math.max(peak, retainedHeapBytes() - before);
    }
    expect(cohorts).toBe(4);
    expect(peak).toBeLessThan(128 * 1024 * 1024);
  }, 60_000);
});
