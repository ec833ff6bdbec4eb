import { Availability } from '@pc/proto/common/v1/commerce';
import type { DayNumber } from '../calendar/days.js';
import { DELIVERY_IN_STOCK, DELIVERY_LIMITED, DELIVERY_PRE_ORDER, DELIVERY_UNAVAILABLE } from '../catalog/localized.js';
import type { SeedOffer } from '../offers/seed-offer.js';
import { Rng } from '../random/prng.js';
import { COUNTRIES, EUR_RATES } from '../shops/countries.js';
import { sameState, type OfferState } from './offer-state.js';
import { roundPrice } from './price-rounding.js';
import type { ShopSale, ShopSeasons } from './shop-seasons.js';

export interface TimelineContext {
  readonly seed: string;
  readonly untilDay: DayNumber;
  readonly historyDays: number;
  readonly seasons: ShopSeasons;
}

/** Manufacturer price moves (up or down) happen in segments of this many days. */
const DRIFT_SEGMENT_DAYS = 75;

/**
 * The price and availability history of one offer, day by day, as a resumable state machine:
 * `advance()` moves to the next day on which something a visitor would see changes. It keeps
 * only a few numbers, so a whole cohort of offers can be walked through time together.
 *
 * The model: the product's street price starts at launch, settles a few percent below within
 * weeks and declines slowly (per-product rate), with manufacturer moves up or down every few
 * months. Each shop prices at its own level and rounding, reprices only now and then (sticky
 * prices) and only past a minimum step, joins seasonal sales shop-wide (Black Week, January,
 * summer, 11.11), runs item promotions, and goes low or out of stock for spells, charging a bit
 * more while stock is short. Shipping is a flat fee per country, free above a threshold, and
 * some shops raise their fee once during the year. Some shops state a list price well above any
 * price they charge, all year (a fake "was" price; in sales too).
 */
export class OfferTimeline {
  private readonly rng: Rng;
  private readonly sales: readonly ShopSale[];
  private readonly localFactor: number;
  private readonly streetGap: number;
  private readonly driftPhase: number;
  private readonly feeChangeDay: number;
  /** A shop that inflates list prices claims this factor above the street price (else 0). */
  private readonly claimedListFactor: number;
  private driftSegment = Number.NaN;
  private driftFactor = 1;
  private discount = 0;
  private currentDay: DayNumber;
  private current: OfferState;

  constructor(
    readonly offer: SeedOffer,
    private readonly context: TimelineContext,
  ) {
    const { seed, untilDay, historyDays } = context;
    const { product, shop } = offer;
    this.rng = Rng.derive(seed, 'timeline', product.index, offer.slot);
    const offset = Math.exp(0.02 * this.rng.normal());
    this.localFactor =
      COUNTRIES[offer.country].priceLevel *
      shop.priceLevel *
      offset *
      EUR_RATES[offer.currency] *
      (offer.refurbished ? 0.82 : 1);
    this.streetGap = Rng.derive(seed, 'street-gap', product.index).float(0.03, 0.12);
    this.driftPhase = (product.index * 37) % DRIFT_SEGMENT_DAYS;
    this.claimedListFactor = shop.inflatesListPrice
      ? Rng.derive(seed, 'list-price-claim', product.index, offer.slot).float(1.2, 1.4)
      : 0;
    this.feeChangeDay =
      shop.feeChangeAt === null
        ? Number.POSITIVE_INFINITY
        : untilDay - historyDays + Math.floor(shop.feeChangeAt * historyDays);
    this.sales = [...context.seasons.salesOf(shop).filter(() => this.rng.chance(0.6)), ...this.promotions()];
    this.currentDay = offer.startDay;
    this.current = this.step(offer.startDay, null);
  }

  /** The day of the current state (the listing day at first). */
  get day(): DayNumber {
    return this.currentDay;
  }

  get state(): OfferState {
    return this.current;
  }

  /** Moves to the next day before "now" with a visible change; false when there is none. */
  advance(): boolean {
    for (let day = this.currentDay + 1; day < this.context.untilDay; day += 1) {
      const next = this.step(day, this.current);
      if (!sameState(next, this.current)) {
        this.current = next;
        this.currentDay = day;
        return true;
      }
    }
    this.currentDay = this.context.untilDay;
    return false;
  }

  private step(day: DayNumber, previous: OfferState | null): OfferState {
    const { product, shop } = this.offer;
    const availability = this.nextAvailability(day, previous?.availability ?? null);
    const delivery = this.deliveryTime(availability);
    const fullPrice =
      this.referenceEur(day) * this.localFactor * (availability === Availability.AVAILABILITY_LIMITED ? 1.03 : 1) * 100;
    if (availability === Availability.AVAILABILITY_PRE_ORDER) {
      const price = roundPrice(product.launchPriceEur * this.localFactor * 100, shop.ending);
      return {
        priceMinor: price,
        listPriceMinor: 0,
        shippingMinor: this.shipping(day, price),
        availability,
        deliveryTime: delivery,
      };
    }
    const discount = this.discountOn(day);
    const saleChanged = discount !== this.discount;
    this.discount = discount;
    const target = fullPrice * (1 - discount);
    let price = previous?.priceMinor ?? 0;
    let listPrice = previous?.listPriceMinor ?? 0;
    const reviews = this.rng.chance(shop.repricing);
    const launchedToday = previous?.availability === Availability.AVAILABILITY_PRE_ORDER;
    if (
      previous === null ||
      saleChanged ||
      launchedToday ||
      (reviews && Math.abs(target - price) / price > shop.minPriceStep)
    ) {
      price = roundPrice(target, shop.ending);
      const claim = discount > 0 ? Math.max(1, this.claimedListFactor) : this.claimedListFactor;
      const list = claim > 0 ? roundPrice(fullPrice * claim, shop.ending) : 0;
      listPrice = list > price ? list : 0;
    }
    return {
      priceMinor: price,
      listPriceMinor: listPrice,
      shippingMinor: this.shipping(day, price),
      availability,
      deliveryTime: delivery,
    };
  }

  /** The product's street price in EUR on a day: launch price, settling, decline, manufacturer moves. */
  private referenceEur(day: DayNumber): number {
    const { product } = this.offer;
    const age = Math.max(0, day - product.launchDay);
    const decline = Math.pow(1 - product.declinePerYear, age / 365);
    const settled = 1 - this.streetGap * (1 - Math.exp(-age / 30));
    return product.launchPriceEur * decline * settled * this.drift(day);
  }

  private drift(day: DayNumber): number {
    const segment = Math.floor((day + this.driftPhase) / DRIFT_SEGMENT_DAYS);
    if (segment !== this.driftSegment) {
      this.driftSegment = segment;
      const rng = Rng.derive(this.context.seed, 'drift', this.offer.product.index, segment);
      // Mostly small moves; one segment in eight is a bigger rise or cut (supply, new model).
      this.driftFactor = Math.exp((rng.chance(0.125) ? 0.09 : 0.025) * rng.normal());
    }
    return this.driftFactor;
  }

  private discountOn(day: DayNumber): number {
    let discount = 0;
    for (const sale of this.sales)
      if (day >= sale.start && day <= sale.end && sale.discount > discount) discount = sale.discount;
    return discount;
  }

  /** About one item promotion a year: 3-10 days, 5-15 % off. */
  private promotions(): ShopSale[] {
    const { untilDay, historyDays } = this.context;
    const promotions: ShopSale[] = [];
    const expected = historyDays / 365;
    for (let k = 0; k < 3; k += 1) {
      if (!this.rng.chance(expected / 3)) continue;
      const start = untilDay - historyDays + this.rng.int(0, historyDays - 1);
      promotions.push({
        start,
        end: start + this.rng.int(2, 9),
        discount: Math.round(this.rng.float(0.05, 0.15) * 100) / 100,
      });
    }
    return promotions;
  }

  private nextAvailability(day: DayNumber, previous: Availability | null): Availability {
    const { product, shop } = this.offer;
    if (day < product.launchDay) return Availability.AVAILABILITY_PRE_ORDER;
    if (previous === null || previous === Availability.AVAILABILITY_PRE_ORDER)
      return Availability.AVAILABILITY_IN_STOCK;
    const risk = shop.stockRisk * (this.discount >= 0.12 ? 2 : 1);
    const roll = this.rng.next();
    switch (previous) {
      case Availability.AVAILABILITY_IN_STOCK:
        if (roll < 0.002 * risk) return Availability.AVAILABILITY_OUT_OF_STOCK;
        if (roll < 0.007 * risk) return Availability.AVAILABILITY_LIMITED;
        return previous;
      case Availability.AVAILABILITY_LIMITED:
        if (roll < 0.1) return Availability.AVAILABILITY_IN_STOCK;
        if (roll < 0.1 + 0.05 * risk) return Availability.AVAILABILITY_OUT_OF_STOCK;
        return previous;
      default:
        // Out of stock: back in after about two weeks on average, sometimes only a few first.
        if (roll < 0.06) return Availability.AVAILABILITY_IN_STOCK;
        if (roll < 0.08) return Availability.AVAILABILITY_LIMITED;
        return previous;
    }
  }

  private deliveryTime(availability: Availability): string {
    const { language, shop } = this.offer;
    if (availability === Availability.AVAILABILITY_PRE_ORDER) return DELIVERY_PRE_ORDER[language];
    if (availability === Availability.AVAILABILITY_LIMITED) return DELIVERY_LIMITED[language];
    if (availability === Availability.AVAILABILITY_OUT_OF_STOCK) return DELIVERY_UNAVAILABLE[language];
    const texts = DELIVERY_IN_STOCK[language];
    return texts[shop.deliveryChoice % texts.length] as string;
  }

  private shipping(day: DayNumber, priceMinor: number): number {
    const terms = this.offer.shop.shipping[this.offer.country];
    if (!terms || terms.fee === 0) return 0;
    if (terms.freeFrom > 0 && priceMinor >= terms.freeFrom) return 0;
    return day >= this.feeChangeDay ? terms.raisedFee : terms.fee;
  }
}
