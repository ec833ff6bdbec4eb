import type { CheerioAPI } from 'cheerio';
import { availabilityOf } from './availability.js';
import type { ExtractedOffer, OfferFlag } from './extracted-offer.js';
import { absoluteUrl, gtinFields, priceFields } from './offer-fields.js';
import { NO_CONDITION } from './extracted-offer.js';

/**
 * Per-shop rules staff set for pages without structured data: a CSS selector per field,
 * optionally followed by ` @attribute` to read an attribute instead of the text
 * (e.g. `img.product-photo @src`). `name` and `price` are required.
 */
export interface SelectorRules {
  readonly name: string;
  readonly price: string;
  /** A selector for the currency text, or empty: the price text or the shop's currency then. */
  readonly currency?: string;
  readonly availability?: string;
  readonly gtin?: string;
  readonly mpn?: string;
  readonly sku?: string;
  readonly brand?: string;
  readonly image?: string;
}

export const SELECTOR_FIELDS = [
  'name',
  'price',
  'currency',
  'availability',
  'gtin',
  'mpn',
  'sku',
  'brand',
  'image',
] as const;

const ATTRIBUTE = /\s+@([\w:-]+)\s*$/;

function read($: CheerioAPI, rule: string | undefined): string {
  if (!rule) return '';
  const attribute = ATTRIBUTE.exec(rule)?.[1];
  const selector = rule.replace(ATTRIBUTE, '').trim();
  const element = $(selector).first();
  if (element.length === 0) return '';
  return (attribute ? (element.attr(attribute) ?? '') : element.text()).replace(/\s+/g, ' ').trim();
}

/** Checks rules before they are stored: every selector must compile. Returns field → problem. */
export function selectorRuleProblems(
  $: CheerioAPI,
  rules: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of SELECTOR_FIELDS) {
    const rule = rules[field];
    if (!rule) {
      if (field === 'name' || field === 'price') problems[field] = 'is required';
      continue;
    }
    if (rule.length > 500) problems[field] = 'must be at most 500 characters';
    else {
      try {
        $(rule.replace(ATTRIBUTE, '').trim());
      } catch (error) {
        problems[field] = `is not a CSS selector (${(error as Error).message})`;
      }
    }
  }
  return problems;
}

/** The offer the rules read from a page, or none when the name and price selectors find nothing. */
export function selectorOffers(
  $: CheerioAPI,
  rules: SelectorRules,
  pageUrl: string,
  fallbackCurrency: string | null,
): ExtractedOffer[] {
  const name = read($, rules.name);
  const priceText = read($, rules.price);
  if (!name && !priceText) return [];
  const currencyText = read($, rules.currency);
  const price = priceFields(priceText, currencyText || fallbackCurrency);
  const gtin = gtinFields(read($, rules.gtin));
  const flags: OfferFlag[] = [...(name ? [] : ['name_missing' as const]), ...price.flags, ...gtin.flags];
  return [
    {
      method: 'selectors',
      name,
      price: price.price,
      availability: availabilityOf(read($, rules.availability)),
      condition: NO_CONDITION,
      gtin: gtin.gtin,
      rawGtin: gtin.rawGtin,
      mpn: read($, rules.mpn),
      sku: read($, rules.sku),
      brand: read($, rules.brand),
      url: pageUrl,
      image: absoluteUrl(read($, rules.image), pageUrl),
      description: '',
      flags,
    },
  ];
}
