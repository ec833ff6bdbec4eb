import { Availability } from '@pc/proto/common/v1/commerce';

/** What an observation of an offer reports at one moment; the history is a series of these. */
export interface OfferState {
  readonly priceMinor: number;
  /** The crossed-out price during a reduction; 0 when none. */
  readonly listPriceMinor: number;
  /** Shipping to the offer's country; 0 is free. */
  readonly shippingMinor: number;
  readonly availability: Availability;
  readonly deliveryTime: string;
}

export const sameState = (a: OfferState, b: OfferState): boolean =>
  a.priceMinor === b.priceMinor &&
  a.listPriceMinor === b.listPriceMinor &&
  a.shippingMinor === b.shippingMinor &&
  a.availability === b.availability &&
  a.deliveryTime === b.deliveryTime;
