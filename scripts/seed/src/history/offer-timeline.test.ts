import { Availability } from '@pc/proto/common/v1/commerce';
import { blackFriday, parseDay, yearOf } from '../calendar/days';
import { ProductUniverse } from '../catalog/product-universe';
import { OfferPlanner } from '../offers/offer-planner';
import { generateShops } from '../shops/shop-directory';
import { builtinTaxonomy } from '../taxonomy/builtin-categories';
import type { OfferState } from './offer-state';
import { OfferTimeline } from './offer-timeline';
import { saleSeasons } from './sale-calendar';
import { ShopSeasons } from './shop-seasons';

const untilDay = parseDay('2026-03-01') as number;
const historyDays = 365;
const seed = '3';

interface Series {
  readonly timeline: OfferTimeline;
  readonly points: { day: number; state: OfferState }[];
}

/** Walks every offer of the first `count` products through the year, keeping each change. */
function walk(count: number): Series[] {
  const shops = generateShops(seed, 60);
  const universe = new ProductUniverse({ seed, untilDay, historyDays });
  const planner = new OfferPlanner(
    { seed, untilDay, historyDays, imageBaseUrl: 'http://site' },
    shops,
    builtinTaxonomy(),
  );
  const seasons = new ShopSeasons(seed, saleSeasons(untilDay - historyDays, untilDay));
  const all: Series[] = [];
  for (const product of universe.products(count)) {
    for (const offer of planner.offersOf(product)) {
      const timeline = new OfferTimeline(offer, { seed, untilDay, historyDays, seasons });
      const points = [{ day: timeline.day, state: timeline.state }];
      while (timeline.advance()) points.push({ day: timeline.day, state: timeline.state });
      all.push({ timeline, points });
    }
  }
  return all;
}

describe('offer price history', () => {
  const series = walk(400);
  const friday = blackFriday(yearOf(untilDay) - 1);

  it('has sane amounts, in day order, only on days where something changed, ending before "now"', () => {
    for (const { timeline, points } of series) {
      for (let i = 0; i < points.length; i += 1) {
        const { day, state } = points[i] as { day: number; state: OfferState };
        expect(state.priceMinor).toBeGreaterThan(0);
        expect(state.shippingMinor).toBeGreaterThanOrEqual(0);
        if (state.listPriceMinor !== 0) expect(state.listPriceMinor).toBeGreaterThan(state.priceMinor);
        expect(day).toBeLessThan(untilDay);
        expect(day).toBeGreaterThanOrEqual(untilDay - historyDays);
        if (i > 0) {
          expect(day).toBeGreaterThan(points[i - 1]?.day as number);
          expect(state).not.toEqual(points[i - 1]?.state);
        }
      }
      expect(timeline.day).toBe(untilDay);
    }
    const perOffer = series.reduce((sum, s) => sum + s.points.length, 0) / series.length;
    expect(perOffer).toBeGreaterThan(5);
    expect(perOffer).toBeLessThan(40);
  });

  it('has Black Week and January sales with crossed-out prices', () => {
    const honest = series.filter(({ timeline }) => !timeline.offer.shop.inflatesListPrice);
    const reducedAt = (from: number, to: number) =>
      honest.filter(({ points }) =>
        points.some(({ day, state }) => day >= from && day <= to && state.listPriceMinor > state.priceMinor),
      ).length / honest.length;
    expect(reducedAt(friday - 4, friday + 3)).toBeGreaterThan(0.2);
    const january = parseDay(`${yearOf(untilDay)}-01-02`) as number;
    expect(reducedAt(january, january + 19)).toBeGreaterThan(0.1);
    // Outside the seasons reductions are rarer (item promotions only).
    expect(reducedAt(friday + 20, friday + 27)).toBeLessThan(reducedAt(friday - 4, friday + 3) / 2);
  });

  it('has shops that state a list price they never charge, all year', () => {
    const inflated = series.filter(({ timeline }) => timeline.offer.shop.inflatesListPrice);
    expect(inflated.length / series.length).toBeGreaterThan(0.05);
    for (const { points } of inflated) {
      const charged = Math.max(...points.map(({ state }) => state.priceMinor));
      const claims = points
        .filter(({ state }) => state.availability !== Availability.AVAILABILITY_PRE_ORDER)
        .map(({ state }) => state.listPriceMinor);
      expect(claims.every((claim) => claim > 0)).toBe(true);
      // Never charged: the claim is above the dearest price of the offer's whole history (most of the time).
      expect(Math.max(...claims)).toBeGreaterThan(charged);
    }
  });

  it('declines over the year for products already on sale, with some rises on the way', () => {
    const ratios: number[] = [];
    let rises = 0;
    for (const { timeline, points } of series) {
      if (timeline.offer.product.launchDay > untilDay - historyDays - 60 || points[0]?.day !== untilDay - historyDays)
        continue;
      const first = points[0].state.priceMinor;
      const last = (points[points.length - 1] as { state: OfferState }).state.priceMinor;
      ratios.push(last / first);
      for (let i = 1; i < points.length; i += 1) {
        const before = points[i - 1]?.state as OfferState;
        const after = points[i]?.state as OfferState;
        if (
          after.priceMinor > before.priceMinor &&
          (timeline.offer.shop.inflatesListPrice || (before.listPriceMinor === 0 && after.listPriceMinor === 0))
        )
          rises += 1;
      }
    }
    ratios.sort((a, b) => a - b);
    const median = ratios[Math.floor(ratios.length / 2)] as number;
    expect(ratios.length).toBeGreaterThan(200);
    expect(median).toBeLessThan(0.97);
    expect(median).toBeGreaterThan(0.6);
    expect(rises).toBeGreaterThan(50);
  });

  it('runs out of stock for spells and comes back; new products start as pre-orders', () => {
    const spells = series.filter(({ points }) => {
      const out = points.findIndex(({ state }) => state.availability === Availability.AVAILABILITY_OUT_OF_STOCK);
      return (
        out >= 0 && points.slice(out).some(({ state }) => state.availability === Availability.AVAILABILITY_IN_STOCK)
      );
    });
    expect(spells.length / series.length).toBeGreaterThan(0.1);
    const launched = series.filter(
      ({ timeline }) =>
        timeline.offer.product.launchDay > untilDay - historyDays + 14 &&
        timeline.offer.startDay < timeline.offer.product.launchDay,
    );
    expect(launched.length).toBeGreaterThan(5);
    for (const { points } of launched) {
      expect(points[0]?.state.availability).toBe(Availability.AVAILABILITY_PRE_ORDER);
      expect(points.some(({ state }) => state.availability === Availability.AVAILABILITY_IN_STOCK)).toBe(true);
    }
  });

  it('prices in the currency of the offer’s country, Swiss prices above German ones', () => {
    const byCountry = (country: string) => series.filter(({ timeline }) => timeline.offer.country === country);
    for (const { timeline } of byCountry('CH')) expect(timeline.offer.currency).toBe('CHF');
    for (const { timeline } of byCountry('GB')) expect(timeline.offer.currency).toBe('GBP');
    for (const { timeline } of byCountry('PT')) expect(timeline.offer.currency).toBe('EUR');
    // Same product in both countries: CHF amount above the EUR amount most of the time.
    let higher = 0;
    let pairs = 0;
    const last = (s: Series) => (s.points[s.points.length - 1] as { state: OfferState }).state.priceMinor;
    for (const ch of byCountry('CH')) {
      const de = byCountry('DE').find((s) => s.timeline.offer.product.index === ch.timeline.offer.product.index);
      if (!de) continue;
      pairs += 1;
      if (last(ch) > last(de)) higher += 1;
    }
    expect(pairs).toBeGreaterThan(20);
    expect(higher / pairs).toBeGreaterThan(0.6);
  });
});
