import type { AlertKind, AlertState, Channel } from '@pc/proto/notifications/v1/types';

/** Money in minor units of one currency (docs/architecture.md §6). */
export interface Amount {
  readonly amountMinor: number;
  readonly currency: string;
}

/** A price alert (collection `price_alerts`). Times are ISO 8601 UTC strings. */
export interface AlertRecord {
  readonly _id: string;
  readonly userId: string;
  readonly productId: string;
  readonly country: string;
  readonly kind: AlertKind;
  /** TARGET_PRICE: fires when the lowest price is at or below it. */
  readonly targetPrice: Amount | null;
  /** PERCENTAGE_DROP: fires when the lowest price is at least this many percent below the reference. */
  readonly dropPercent: number;
  /** PERCENTAGE_DROP: the lowest price when (re-)armed; null until a price is known. */
  readonly referencePrice: Amount | null;
  readonly state: AlertState;
  readonly rearmAutomatically: boolean;
  readonly channels: readonly Channel[];
  readonly lastPrice: Amount | null;
  readonly createdAt: string;
  readonly armedAt: string;
  readonly lastFiredAt: string | null;
  /** Every write moves it: other replicas' indexes pick up changes after it (index sync). */
  readonly updatedAt: string;
}

/** The price picture of a product in a country, as ProductPriceChanged or offers tell it. */
export interface PricePicture {
  /** Lowest price of an active offer; null without offers. */
  readonly lowest: Amount | null;
  readonly inStockOffers: number;
}
