import type { LandedPrice, ShopRef } from '@pc/proto/offers/v1/types';
import type { FxRateBook } from '../domain/fx-rate-book.js';
import { isFresh, type FreshnessRules } from '../domain/freshness.js';
import { landedPrice, type LandedEstimate } from '../domain/landed-price.js';
import type { MoneyRecord } from '../domain/money.js';
import { offerTotal } from '../domain/offer-message.js';
import type { OfferRecord } from '../domain/offer-record.js';

export interface LandedChoice {
  readonly offer: OfferRecord;
  readonly estimate: LandedEstimate;
}

/**
 * The landed estimates of prices abroad (GetPricesAbroad): per country, the offer that costs the
 * visitor least delivered home, by the rules of domain/import-rules.ts, in the visitor's currency.
 */
export class LandedPrices {
  constructor(
    private readonly book: FxRateBook,
    private readonly currency: string,
    private readonly home: string,
    private readonly now: Date,
    private readonly rules: FreshnessRules,
  ) {}

  private convert = (money: MoneyRecord): MoneyRecord | null =>
    money.currency === this.currency ? money : (this.book.convert(money, this.currency, this.now)?.money ?? null);

  /** The country's offer with the lowest landed total; null when none has an estimate. */
  cheapestIn(country: string, active: readonly OfferRecord[]): LandedChoice | null {
    let best: LandedChoice | null = null;
    for (const offer of active) {
      if (offer.country !== country || !isFresh(new Date(offer.lastSeenAt), this.now, this.rules)) continue;
      const price = this.convert(offer.price);
      const shipping = offer.shipping ? this.convert(offer.shipping) : null;
      if (!price) continue;
      const estimate = landedPrice({
        price,
        shipping,
        origin: country,
        destination: this.home,
        now: this.now,
        convert: this.convert,
      });
      if (estimate && (!best || estimate.total < best.estimate.total)) best = { offer, estimate };
    }
    return best;
  }

  /** The visitor country's cheapest known total (price + shipping) in the visitor's currency. */
  homeTotal(active: readonly OfferRecord[]): number | null {
    let best: number | null = null;
    for (const offer of active) {
      if (offer.country !== this.home || !isFresh(new Date(offer.lastSeenAt), this.now, this.rules)) continue;
      const total = offerTotal(offer);
      const converted = total ? this.convert(total) : null;
      if (converted && (best === null || converted.amountMinor < best)) best = converted.amountMinor;
    }
    return best;
  }

  message(choice: LandedChoice, shop: ShopRef | undefined, homeTotal: number | null): LandedPrice {
    const { estimate } = choice;
    const money = (amountMinor: number) => ({ amountMinor, currency: this.currency });
    return {
      total: money(estimate.total),
      goods: money(estimate.goods),
      shipping: estimate.shipping === null ? undefined : money(estimate.shipping),
      duty: money(estimate.duty),
      vat: money(estimate.vat),
      clearanceFee: money(estimate.clearanceFee),
      originVatRemoved: money(estimate.originVatRemoved),
      offerId: choice.offer._id,
      shop,
      rules: [...estimate.rules],
      vatPercent: estimate.vatPercent,
      dutyPercent: estimate.dutyPercent,
      differencePercent: homeTotal ? Math.round(((estimate.total - homeTotal) * 10_000) / homeTotal) / 100 : 0,
    };
  }
}
