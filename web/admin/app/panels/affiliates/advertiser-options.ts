/** The choices of an advertiser's form (names the affiliates gateway maps to the service's enums). */
export const ADVERTISER_KIND_NAMES = ['shop', 'brand'] as const;
export const PRICING_NAMES = ['cps', 'cpc'] as const;

export type AdvertiserKindName = (typeof ADVERTISER_KIND_NAMES)[number];
export type PricingName = (typeof PRICING_NAMES)[number];
