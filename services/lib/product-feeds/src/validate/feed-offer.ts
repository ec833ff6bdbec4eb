import type { Availability, Condition } from '@pc/proto/common/v1/commerce';

/** An amount in minor units of an ISO 4217 currency. */
export interface FeedMoney {
  readonly amountMinor: number;
  readonly currency: string;
}

/** A valid feed item, normalised: what an offer observation is made of (see toOfferObserved). */
export interface FeedOffer {
  /** 1-based line (CSV/TSV) or item position (XML). */
  readonly position: number;
  readonly shopOfferId: string;
  readonly title: string;
  readonly description: string;
  /** The product page, an http(s) URL. */
  readonly link: string;
  /** Main image first; only http(s) URLs. */
  readonly imageUrls: readonly string[];
  readonly brand: string;
  /** 14 digits when a GTIN passed its check digit, else ''. */
  readonly gtin: string;
  /** The GTIN as the feed gave it. */
  readonly rawGtin: string;
  readonly mpn: string;
  /** What the item costs now: the sale price during a sale. */
  readonly price: FeedMoney;
  /** The regular price while a lower sale price applies; null otherwise. */
  readonly listPrice: FeedMoney | null;
  /** Shipping to the feed's country in the price's currency; null when the feed does not say. */
  readonly shipping: FeedMoney | null;
  readonly availability: Availability;
  readonly deliveryTime: string;
  readonly condition: Condition;
  /** The shop's category path (product_type), else the Google category's path. */
  readonly categoryPath: string;
  /** Google product taxonomy id; 0 when none is known. */
  readonly googleProductCategoryId: number;
  readonly itemGroupId: string;
}
