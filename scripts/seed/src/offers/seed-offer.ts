import type { DayNumber } from '../calendar/days.js';
import type { SeedProduct } from '../catalog/seed-product.js';
import type { CountryCode, Currency } from '../shops/countries.js';
import type { SeedShop } from '../shops/seed-shop.js';
import type { Language } from '../taxonomy/category.js';

/** One shop's listing of one product for one country: everything that does not change over time. */
export interface SeedOffer {
  readonly product: SeedProduct;
  readonly shop: SeedShop;
  /** 0-based position among the product's offers (names its random stream). */
  readonly slot: number;
  readonly country: CountryCode;
  readonly currency: Currency;
  readonly language: Language;
  readonly shopOfferId: string;
  readonly url: string;
  readonly title: string;
  readonly description: string;
  readonly brand: string;
  /** The GTIN as the shop gives it (may be empty, a placeholder or mistyped). */
  readonly rawGtin: string;
  /** The crawler's normalisation of rawGtin: 14 digits or empty. */
  readonly gtin: string;
  readonly mpn: string;
  readonly categoryPath: string;
  /** Google taxonomy id the shop gives, 0 when it gives none. */
  readonly googleCategoryId: number;
  readonly imageUrls: readonly string[];
  readonly refurbished: boolean;
  /** First day the shop lists it. */
  readonly startDay: DayNumber;
  /** Minute of the day it is observed. */
  readonly minuteOfDay: number;
}
