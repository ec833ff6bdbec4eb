import { PriceTrend } from '@pc/proto/common/v1/commerce';
import { withCountryPrice, withOwnerPrice, type CountryPrice, type PriceRecord } from './price-record.js';

const price = (fields: Partial<CountryPrice>): CountryPrice => ({
  version: 1,
  lowest: 10_000,
  highest: 12_000,
  currency: 'CHF',
  offers: 2,
  inStock: 1,
  trend: PriceTrend.PRICE_TREND_STABLE,
  dropPercent: 0,
  green: false,
  ...fields,
});
const record = (ch: CountryPrice): PriceRecord => ({ _id: 'p1', countries: { CH: ch } });
const T = Date.parse('2026-11-24T12:00:00Z');

describe('a price from offers’ stream (a rebuild) against the held one', () => {
  it('is ordered by version, not by offers’ clocks (its replicas’ differ)', () => {
    const held: PriceRecord = { _id: 'p1', countries: { CH: price({ version: 7, updatedAt: T }), DE: price({}) } };
    expect(withOwnerPrice(held, 'p1', 'CH', price({ version: 6, lowest: 9_000, updatedAt: T + 60_000 }))).toBeNull();
    expect(withOwnerPrice(held, 'p1', 'CH', price({ version: 7, lowest: 9_000, updatedAt: T + 60_000 }))).toBeNull();
    const next = withOwnerPrice(held, 'p1', 'CH', price({ version: 8, lowest: 9_000, updatedAt: T - 60_000 }));
    expect(next?.countries.CH).toEqual(price({ version: 8, lowest: 9_000, updatedAt: T - 60_000 }));
    expect(next?.countries.DE).toEqual(held.countries.DE);
    expect(withOwnerPrice(null, 'p1', 'AT', price({ version: 2 }))?.countries.AT).toMatchObject({ version: 2 });
  });

  it('with a version, replaces one streamed without (an older offers) only when updated later too', () => {
    const streamed = record(price({ version: 4, updatedAt: T, streamed: true }));
    expect(withOwnerPrice(streamed, 'p1', 'CH', price({ version: 6, updatedAt: T - 1 }))).toBeNull();
    expect(withOwnerPrice(streamed, 'p1', 'CH', price({ version: 6, updatedAt: T + 1 }))?.countries.CH).toEqual(
      price({ version: 6, updatedAt: T + 1 }),
    );
  });
});

describe('a price from a stream without versions (an older offers, during a rolling deploy)', () => {
  it('replaces a price updated earlier, keeping the held version as a lower bound, and leaves other countries', () => {
    const held: PriceRecord = { _id: 'p1', countries: { CH: price({ version: 7, updatedAt: T }), DE: price({}) } };
    const next = withOwnerPrice(held, 'p1', 'CH', price({ version: 0, lowest: 9_000, updatedAt: T + 1 }));
    expect(next?.countries.CH).toMatchObject({ lowest: 9_000, version: 7, streamed: true });
    expect(next?.countries.DE).toEqual(held.countries.DE);
  });

  it('keeps a price updated as late or later (an event applied while the rebuild ran)', () => {
    const held = record(price({ version: 8, lowest: 8_000, updatedAt: T + 5 }));
    expect(withOwnerPrice(held, 'p1', 'CH', price({ version: 0, updatedAt: T + 5 }))).toBeNull();
    expect(withOwnerPrice(held, 'p1', 'CH', price({ version: 0, updatedAt: T }))).toBeNull();
  });

  it('replaces a price kept without its update time (held from before the rebuild) and adds a new country', () => {
    expect(
      withOwnerPrice(record(price({ version: 3 })), 'p1', 'CH', price({ version: 0, updatedAt: T }))?.countries.CH,
    ).toMatchObject({ version: 3, streamed: true, updatedAt: T });
    expect(withOwnerPrice(null, 'p1', 'AT', price({ version: 0, updatedAt: T }))?.countries.AT).toMatchObject({
      version: 0,
    });
  });
});

describe('an event’s price against a streamed one', () => {
  const streamed = record(price({ version: 4, lowest: 9_000, updatedAt: T, streamed: true }));

  it('is applied when updated later, and then holds its exact version again', () => {
    const next = withCountryPrice(streamed, 'p1', 'CH', price({ version: 6, lowest: 8_500, updatedAt: T + 1 }));
    expect(next?.countries.CH).toMatchObject({ version: 6, lowest: 8_500 });
    expect(next?.countries.CH?.streamed).toBeUndefined();
  });

  it('is not applied when updated before what the stream read, though its version is above the lower bound', () => {
    expect(withCountryPrice(streamed, 'p1', 'CH', price({ version: 5, updatedAt: T - 1 }))).toBeNull();
    expect(withCountryPrice(streamed, 'p1', 'CH', price({ version: 4, updatedAt: T + 1 }))).toBeNull();
  });

  it('is ordered by version alone against a price an event brought', () => {
    const exact = record(price({ version: 4, updatedAt: T }));
    expect(withCountryPrice(exact, 'p1', 'CH', price({ version: 5, updatedAt: T - 1 }))?.countries.CH?.version).toBe(5);
    expect(withCountryPrice(exact, 'p1', 'CH', price({ version: 4, updatedAt: T + 1 }))).toBeNull();
  });
});
