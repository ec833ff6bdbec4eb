import { Availability } from '@pc/proto/common/v1/commerce';
import { dailyLows, type DayConverter, type OfferTimeline } from './daily-lows.js';
import type { PriceState } from './price-point.js';

const IN = Availability.AVAILABILITY_IN_STOCK;
const at = (day: number, hour = 0) =>
  `2026-03-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00.000Z`;
const point = (t: string, p: number | null, c = 'CHF'): PriceState => ({ t, p, c, a: IN });
const same: DayConverter = (amount) => amount;
const range = { start: new Date(at(1)), end: new Date(at(11)) };
const lows = (timelines: OfferTimeline[], convert = same) =>
  dailyLows(timelines, range.start, range.end, convert).map((d) => [
    d.day.toISOString().slice(8, 10),
    d.low,
    d.high,
    d.offersCount,
  ]);

describe('daily lows from offer timelines', () => {
  it('carries the price in effect forward over days without a change', () => {
    const offer: OfferTimeline = {
      opening: point(at(1), 1_000),
      points: [point(at(4, 12), 900)],
      until: new Date(at(6)),
    };
    expect(lows([offer])).toEqual([
      ['01', 1_000, 1_000, 1],
      ['02', 1_000, 1_000, 1],
      ['03', 1_000, 1_000, 1],
      // The change day holds both prices: low 900, high 1000.
      ['04', 900, 1_000, 1],
      ['05', 900, 900, 1],
    ]);
  });

  it('takes the lowest and highest over offers and counts the offers listed each day', () => {
    const a: OfferTimeline = { opening: point(at(1), 1_000), points: [], until: new Date(at(4)) };
    const b: OfferTimeline = {
      opening: null,
      points: [point(at(2, 8), 800), point(at(3, 8), 1_200)],
      until: new Date(at(4)),
    };
    expect(lows([a, b])).toEqual([
      ['01', 1_000, 1_000, 1],
      ['02', 800, 1_000, 2],
      ['03', 800, 1_200, 2],
    ]);
  });

  it('leaves out days on which no offer was listed and resumes when one returns', () => {
    const offer: OfferTimeline = {
      opening: point(at(1), 500),
      points: [point(at(2), null), point(at(4, 6), 600)],
      until: new Date(at(5)),
    };
    expect(lows([offer])).toEqual([
      ['01', 500, 500, 1],
      ['04', 600, 600, 1],
    ]);
  });

  it('stops the last state at the offer’s `until` (last seen + stale limit)', () => {
    const offer: OfferTimeline = { opening: point(at(1), 500), points: [], until: new Date(at(3, 1)) };
    expect(lows([offer]).map(([day]) => day)).toEqual(['01', '02', '03']);
  });

  it('converts each day with its own rate and skips prices without one', () => {
    const eur: OfferTimeline = { opening: point(at(1), 1_000, 'EUR'), points: [], until: new Date(at(4)) };
    const convert: DayConverter = (amount, currency, day) =>
      currency === 'CHF' ? amount : day.getUTCDate() === 2 ? null : amount * (day.getUTCDate() === 1 ? 2 : 3);
    expect(lows([eur], convert)).toEqual([
      ['01', 2_000, 2_000, 1],
      ['03', 3_000, 3_000, 1],
    ]);
  });

  it('leaves out an offer whose price of the day was implausibly low beside the others (ADR 146)', () => {
    const steady = (price: number): OfferTimeline => ({
      opening: point(at(1), price),
      points: [],
      until: new Date(at(4)),
    });
    // Cents read as francs from day 2 to day 3's morning: 2.99 beside 289, 299 and 309 is no low
    // of those days; the price the shop listed after the fix counts on day 3.
    const error: OfferTimeline = {
      opening: point(at(1), 28_500),
      points: [point(at(2), 299), point(at(3, 6), 28_400)],
      until: new Date(at(4)),
    };
    expect(lows([steady(28_900), steady(29_900), steady(30_900), error])).toEqual([
      ['01', 28_500, 30_900, 4],
      ['02', 28_900, 30_900, 3],
      ['03', 28_400, 30_900, 4],
    ]);
    // Beside one other offer nothing is judged: a rival's low price is a low price.
    expect(lows([steady(28_900), error]).map((day) => day[1])).toEqual([28_500, 299, 299]);
  });

  it('counts a low price staff confirmed of the offer, on every day it was listed at it (ADR 146)', () => {
    const steady = (price: number): OfferTimeline => ({
      opening: point(at(1), price),
      points: [],
      until: new Date(at(4)),
    });
    const clearance = (confirmedPrice: OfferTimeline['confirmedPrice']): OfferTimeline => ({
      opening: point(at(1), 28_500),
      points: [point(at(2), 5_000), point(at(3, 6), 28_400)],
      until: new Date(at(4)),
      confirmedPrice,
    });
    const others = [steady(28_900), steady(29_900), steady(30_900)];
    expect(lows([...others, clearance({ amountMinor: 5_000, currency: 'CHF' })])).toEqual([
      ['01', 28_500, 30_900, 4],
      ['02', 5_000, 30_900, 4],
      ['03', 5_000, 30_900, 4],
    ]);
    // The confirmation names a price: another price, or the amount in another currency, is judged.
    for (const confirmedPrice of [
      { amountMinor: 4_900, currency: 'CHF' },
      { amountMinor: 5_000, currency: 'EUR' },
      null,
    ])
      expect(lows([...others, clearance(confirmedPrice)]).map((day) => day[1])).toEqual([28_500, 28_900, 28_400]);
  });

  it('is exact whatever order offers were ingested in (each offer is its own timeline)', () => {
    const a: OfferTimeline = {
      opening: null,
      points: [point(at(1), 1_000), point(at(8), 700)],
      until: new Date(at(11)),
    };
    const b: OfferTimeline = { opening: null, points: [point(at(5), 900)], until: new Date(at(11)) };
    expect(lows([a, b])).toEqual(lows([b, a]));
    expect(lows([a, b]).map(([day, low]) => `${day}:${low}`)).toEqual([
      '01:1000',
      '02:1000',
      '03:1000',
      '04:1000',
      '05:900',
      '06:900',
      '07:900',
      '08:700',
      '09:700',
      '10:700',
    ]);
  });
});
