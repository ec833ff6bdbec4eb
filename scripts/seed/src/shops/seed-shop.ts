import type { Vertical } from '../catalog/product-templates.js';
import type { Language } from '../taxonomy/category.js';
import type { CountryCode } from './countries.js';

/** How a shop rounds its prices. */
export type PriceEnding = '99' | '95' | '90' | '00' | 'x9' | 'cent' | 'rappen';

/** How a shop writes its article numbers. */
export type OfferIdStyle = 'numeric' | 'sku' | 'mpn';

/** A directory shop of the generated world, with the habits that shape its offers. */
export interface SeedShop {
  readonly index: number;
  readonly name: string;
  readonly domain: string;
  readonly homepageUrl: string;
  readonly country: CountryCode;
  /** Countries it sells to, home first. */
  readonly countries: readonly CountryCode[];
  /** The language of its home storefront (Swiss shops: by city). */
  readonly language: Language;
  readonly address: {
    readonly line1: string;
    readonly line2: string;
    readonly zipCode: string;
    readonly city: string;
    readonly country: CountryCode;
  };
  readonly company: string;
  readonly commercialRegisterNumber: string;
  readonly phone: string;
  readonly email: string;
  readonly description: string;
  /** Verticals it sells; empty for a generalist. */
  readonly verticals: readonly Vertical[];
  /** Relative assortment size: big shops list more products. */
  readonly size: number;
  // Pricing habits.
  readonly priceLevel: number;
  readonly ending: PriceEnding;
  /** Chance per day that it reviews an item's price. */
  readonly repricing: number;
  /** It changes a price only when the target moved by more than this fraction. */
  readonly minPriceStep: number;
  /** Chance it takes part in a seasonal sale (Black Friday, January, summer). */
  readonly saleAffinity: number;
  /** Stock reliability: multiplies the chance of running low or out. */
  readonly stockRisk: number;
  // Shipping per country it sells to, minor units; the fee rises once on feeChangeDay when set.
  readonly shipping: Readonly<
    Partial<Record<CountryCode, { readonly fee: number; readonly freeFrom: number; readonly raisedFee: number }>>
  >;
  /** Index (0..1) into the history window where the shop raises its fees; null: never. */
  readonly feeChangeAt: number | null;
  readonly deliveryChoice: number;
  // Feed habits.
  readonly titleStyle: number;
  readonly brandCase: 'as-is' | 'upper' | 'lower';
  readonly extraWordChance: number;
  readonly gtinOmitChance: number;
  readonly gtinWrongChance: number;
  readonly mpnOmitChance: number;
  readonly mpnStyle: 'as-is' | 'compact' | 'lower';
  readonly sendsCategoryId: boolean;
  readonly offerIdStyle: OfferIdStyle;
  readonly isGreen: boolean;
  /**
   * States a list price ("RRP") above every price it charges, all year: a reference price it
   * was never seen to charge, which offers flag instead of showing struck through (ADR 049a).
   */
  readonly inflatesListPrice: boolean;
  readonly refurbished: boolean;
  /** Minute of the day its crawl usually runs. */
  readonly crawlMinute: number;
}
