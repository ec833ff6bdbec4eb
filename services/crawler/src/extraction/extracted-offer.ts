import { Availability, Condition } from '@pc/proto/common/v1/commerce';
import type { ParsedPrice } from './price-text.js';

/** How an offer was read from its page, in the order they are tried. */
export type ExtractionMethodName = 'json-ld' | 'microdata' | 'rdfa' | 'opengraph' | 'selectors';

/**
 * Why an offer is doubtful or unusable: stable codes shown to staff (CLI, CheckUrl) and counted.
 * An offer with any of `BLOCKING_FLAGS` is reported but not observed.
 */
export type OfferFlag =
  | 'price_missing'
  | 'price_unreadable'
  | 'price_precision'
  | 'price_range'
  | 'currency_missing'
  | 'currency_mismatch'
  | 'conflicting_prices'
  | 'name_missing'
  | 'gtin_length'
  | 'gtin_check_digit';

export const BLOCKING_FLAGS: readonly OfferFlag[] = [
  'price_missing',
  'price_unreadable',
  'price_precision',
  'price_range',
  'currency_missing',
  'currency_mismatch',
  'conflicting_prices',
  'name_missing',
];

/** An offer as read from a product page, before it becomes an OfferObserved. */
export interface ExtractedOffer {
  readonly method: ExtractionMethodName;
  readonly name: string;
  /** null when unreadable or conflicting (see flags): never guessed. */
  readonly price: ParsedPrice | null;
  readonly availability: Availability;
  readonly condition: Condition;
  /** 14 digits with a valid check digit, or '' (rawGtin keeps what the page said). */
  readonly gtin: string;
  readonly rawGtin: string;
  readonly mpn: string;
  /** The shop's article number when the page gives one. */
  readonly sku: string;
  readonly brand: string;
  readonly url: string;
  readonly image: string;
  readonly description: string;
  readonly flags: readonly OfferFlag[];
}

export const isUsable = (offer: ExtractedOffer): boolean =>
  offer.price !== null && !offer.flags.some((flag) => BLOCKING_FLAGS.includes(flag));

export const NO_AVAILABILITY = Availability.AVAILABILITY_UNKNOWN;
export const NO_CONDITION = Condition.CONDITION_UNKNOWN;
