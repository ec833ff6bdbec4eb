import { Availability } from '@pc/proto/common/v1/commerce';
import { DELIVERY_UNAVAILABLE } from '@pc/seed/catalog/localized';
import { roundPrice } from '@pc/seed/history/price-rounding';
import { Rng } from '@pc/seed/random/prng';
import type { DemoOffer, DemoShop } from './demo-world.js';

/** What a shop shows for an offer at one moment. */
export interface LiveOffer {
  readonly priceMinor: number;
  readonly listPriceMinor: number;
  readonly shippingMinor: number;
  readonly availability: Availability;
  readonly deliveryTime: string;
  /** False while the shop has delisted the product (its page answers 404 or 410). */
  readonly listed: boolean;
}

/** A change staff make through the admin endpoint ("changing a demo shop's price changes the site"). */
export interface OfferOverride {
  readonly priceMinor?: number;
  readonly availability?: Availability;
  readonly listed?: boolean;
}

const MINUTE = 60_000;
const FAST_TICK = 15 * MINUTE;
const SLOW_TICK = 6 * 60 * MINUTE;
const DELIST_EPOCH = 6 * 60 * MINUTE;
/** How far back a tick looks for the last price move before settling on the base price. */
const MAX_LOOKBACK = 400;

/**
 * Prices and stock after the world's "now", as a pure function of the seed, the offer and the
 * time (so every page, feed and test agrees, and a restart changes nothing): time is cut into
 * ticks (15 minutes for fast movers, 6 hours for the others); at each tick the shop may reprice
 * the item around its price at "now" (its own rounding), the item may be out of stock for the
 * tick, and in each 6-hour epoch about one item in a hundred is delisted. Overrides set through
 * the admin endpoint win over all of it until cleared.
 */
export class LiveMarket {
  private readonly overrides = new Map<string, OfferOverride>();

  constructor(
    private readonly seed: string,
    private readonly startMs: number,
  ) {}

  stateOf(shop: DemoShop, item: DemoOffer, atMs: number): LiveOffer {
    const { base, offer } = item;
    const key = keyOf(shop, item);
    const tick = Math.floor((atMs - this.startMs) / (shop.site.fastMover ? FAST_TICK : SLOW_TICK));
    let priceMinor = base.priceMinor;
    const move = tick > 0 ? this.lastMove(key, tick, shop.site.fastMover ? 0.3 : 0.15) : null;
    if (move !== null) priceMinor = roundPrice(base.priceMinor * move, shop.shop.ending);
    let availability = base.availability;
    let deliveryTime = base.deliveryTime;
    const inStock =
      availability === Availability.AVAILABILITY_IN_STOCK || availability === Availability.AVAILABILITY_LIMITED;
    if (tick > 0 && inStock && Rng.derive(this.seed, 'demo-stock', key, tick).chance(0.02)) {
      availability = Availability.AVAILABILITY_OUT_OF_STOCK;
      deliveryTime = DELIVERY_UNAVAILABLE[offer.language];
    }
    const epoch = Math.floor((atMs - this.startMs) / DELIST_EPOCH);
    let listed = !Rng.derive(this.seed, 'demo-delist', key, epoch).chance(0.01);
    const override = this.overrides.get(key);
    if (override?.priceMinor !== undefined) priceMinor = override.priceMinor;
    if (override?.availability !== undefined) availability = override.availability;
    if (override?.listed !== undefined) listed = override.listed;
    const listPriceMinor = base.listPriceMinor > priceMinor ? base.listPriceMinor : 0;
    return { priceMinor, listPriceMinor, shippingMinor: base.shippingMinor, availability, deliveryTime, listed };
  }

  /** The price factor of the latest move at or before `tick`, or null when none is recent. */
  private lastMove(key: string, tick: number, chance: number): number | null {
    for (let at = tick; at > 0 && at > tick - MAX_LOOKBACK; at -= 1) {
      const rng = Rng.derive(this.seed, 'demo-price', key, at);
      if (rng.chance(chance)) return Math.exp(0.04 * rng.normal());
    }
    return null;
  }

  override(shop: DemoShop, item: DemoOffer, change: OfferOverride | null): void {
    const key = keyOf(shop, item);
    if (change === null) this.overrides.delete(key);
    else this.overrides.set(key, { ...this.overrides.get(key), ...change });
  }
}

const keyOf = (shop: DemoShop, item: DemoOffer): string => `${shop.shop.index}:${item.offer.shopOfferId}`;
