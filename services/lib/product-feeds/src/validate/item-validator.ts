import { Availability, Condition } from '@pc/proto/common/v1/commerce';
import type { FieldName } from '../fields/field-names.js';
import type { RawItem, RawValue } from '../read/raw-item.js';
import { availabilityOf, conditionOf } from './availability.js';
import { resolveCategory } from './category-check.js';
import { isCountryCode, isCurrencyCode } from './codes.js';
import type { FeedMoney, FeedOffer } from './feed-offer.js';
import { IssueList, type FeedIssue } from './feed-issue.js';
import type { GoogleTaxonomy } from './google-taxonomy.js';
import { checkGtin } from './gtin.js';
import { parsePriceText } from './price-text.js';

/** What a feed's items are for: the country, currency and language its offers are in. */
export interface FeedDefaults {
  /** ISO 3166-1 alpha-2: shipping is taken for this country. */
  readonly country: string;
  /** ISO 4217: prices without a currency are in it (spec: CHF including tax). */
  readonly currency: string;
  /** ISO 639-1 of titles and descriptions. */
  readonly language: string;
}

/** The outcome for one item: its offer (null when rejected) and every issue found. */
export interface ItemVerdict {
  readonly offer: FeedOffer | null;
  readonly issues: readonly FeedIssue[];
}

const MAX_ID = 200;
const MAX_TITLE = 500;

/**
 * Validates feed items against what an offer needs (spec: article number, name with brand,
 * GTIN or MPN, price including tax, product link; availability optional) and normalises them.
 * One validator per feed: it learns the feed's decimal convention from the first unambiguous
 * price ("12,50" → decimal comma), so "1.299" later reads as the feed writes numbers.
 */
export class ItemValidator {
  private decimalComma: boolean | null;

  constructor(
    private readonly defaults: FeedDefaults,
    private readonly taxonomy: GoogleTaxonomy | null,
    options: { decimalComma?: boolean | null } = {},
  ) {
    this.decimalComma = options.decimalComma ?? null;
  }

  /** The feed's decimal convention as learnt so far (null: not seen yet). */
  get usesDecimalComma(): boolean | null {
    return this.decimalComma;
  }

  validate(item: RawItem): ItemVerdict {
    const text = (field: FieldName): string => firstText(item.values.get(field));
    const id = text('id');
    const issues = new IssueList(item.position, id.slice(0, MAX_ID));
    if (item.cellCountMismatch)
      issues.error(
        'row',
        'column_count',
        `${item.cellCountMismatch.found} cells, the header has ${item.cellCountMismatch.expected}`,
      );
    if (!id) issues.error('id', 'required');
    else if (id.length > MAX_ID) issues.error('id', 'too_long', id);
    const title = text('title');
    if (!title) issues.error('title', 'required');
    const brand = text('brand');
    if (!brand) issues.error('brand', 'required');
    const link = text('link');
    if (!link) issues.error('link', 'required');
    else if (!isHttpUrl(link)) issues.error('link', 'url', link);

    const price = this.money('price', text('price'), text('currency'), issues, true);
    const sale = text('sale_price')
      ? this.money('sale_price', text('sale_price'), price?.currency ?? text('currency'), issues, false)
      : null;
    const onSale = price && sale && sale.currency === price.currency && sale.amountMinor < price.amountMinor;

    const rawGtin = text('gtin');
    const gtin = this.gtin(item.values.get('gtin') ?? [], issues);
    const mpn = text('mpn');
    if (!gtin && !mpn) issues.error('gtin', 'identifier_required', rawGtin);

    const availabilityText = text('availability');
    let availability = Availability.AVAILABILITY_UNKNOWN;
    if (availabilityText) {
      const known = availabilityOf(availabilityText);
      if (known === null) issues.warning('availability', 'availability', availabilityText);
      else availability = known;
    }
    const conditionText = text('condition');
    let condition = Condition.CONDITION_NEW;
    if (conditionText) {
      const known = conditionOf(conditionText);
      if (known === null) issues.warning('condition', 'condition', conditionText);
      else condition = known;
    }
    const productType = text('product_type');
    const categoryText = text('google_product_category');
    const category = categoryText
      ? resolveCategory(categoryText, this.taxonomy, { title, productType, language: this.defaults.language }, issues)
      : { id: 0, path: '' };
    const shipping = price ? this.shipping(item.values.get('shipping') ?? [], price.currency, issues) : null;
    const imageUrls = this.images(
      [...(item.values.get('image_link') ?? []), ...(item.values.get('additional_image_link') ?? [])],
      issues,
    );

    if (issues.rejected || !price) return { offer: null, issues: issues.issues };
    const offer: FeedOffer = {
      position: item.position,
      shopOfferId: id,
      title: title.slice(0, MAX_TITLE),
      description: text('description'),
      link,
      imageUrls,
      brand,
      gtin,
      rawGtin,
      mpn,
      price: onSale ? sale : price,
      listPrice: onSale ? price : null,
      shipping,
      availability,
      deliveryTime: text('delivery_time'),
      condition,
      categoryPath: productType || category.path,
      googleProductCategoryId: category.id,
      itemGroupId: text('item_group_id'),
    };
    return { offer, issues: issues.issues };
  }

  /** A price field; `required` prices report missing and non-positive amounts as errors, others as warnings. */
  private money(
    field: string,
    value: string,
    currencyColumn: string,
    issues: IssueList,
    required: boolean,
  ): FeedMoney | null {
    const report = (reason: string, shown: string) =>
      required ? issues.error(field, reason, shown) : issues.warning(field, reason, shown);
    if (!value) {
      if (required) issues.error(field, 'required');
      return null;
    }
    const fallback = currencyColumn.trim().toUpperCase() || this.defaults.currency;
    const parsed = parsePriceText(value, { decimalComma: this.decimalComma, currency: fallback });
    if (!parsed.ok) {
      report('price_format', value);
      return null;
    }
    if (parsed.decimal && this.decimalComma === null) this.decimalComma = parsed.decimal === ',';
    const currency = parsed.currency ?? fallback;
    if (!isCurrencyCode(currency)) {
      report('currency', value);
      return null;
    }
    if (parsed.amountMinor <= 0) {
      report('price_not_positive', value);
      return null;
    }
    return { amountMinor: parsed.amountMinor, currency };
  }

  /** The first GTIN that passes its check digit; the others are warnings and dropped. */
  private gtin(values: readonly RawValue[], issues: IssueList): string {
    let found = '';
    for (const value of values) {
      if (typeof value !== 'string') continue;
      const checked = checkGtin(value);
      if (!checked.ok) issues.warning('gtin', checked.reason, value);
      else found ||= checked.gtin14;
    }
    return found;
  }

  /**
   * Shipping to the feed's country: the cheapest group for it (or for no country), in the price's
   * currency. Groups name countries as ISO codes; another code ("UK") is a warning.
   */
  private shipping(groups: readonly RawValue[], currency: string, issues: IssueList): FeedMoney | null {
    let best: FeedMoney | null = null;
    for (const group of groups) {
      const entry = typeof group === 'string' ? { price: group } : group;
      const country = (entry.country ?? '').trim().toUpperCase();
      if (country && !isCountryCode(country)) issues.warning('shipping.country', 'country_code', entry.country ?? '');
      if (country && country !== this.defaults.country) continue;
      const priceText = (entry.price ?? '').trim();
      if (!priceText) continue;
      const parsed = parsePriceText(priceText, { decimalComma: this.decimalComma, currency });
      if (!parsed.ok || (parsed.currency !== null && parsed.currency !== currency)) {
        issues.warning('shipping.price', 'price_format', priceText);
        continue;
      }
      if (!best || parsed.amountMinor < best.amountMinor) best = { amountMinor: parsed.amountMinor, currency };
    }
    return best;
  }

  private images(values: readonly RawValue[], issues: IssueList): string[] {
    const urls: string[] = [];
    for (const value of values) {
      if (typeof value !== 'string') continue;
      if (isHttpUrl(value)) urls.push(value);
      else issues.warning('image_link', 'url', value);
    }
    return urls.slice(0, 10);
  }
}

const firstText = (values: readonly RawValue[] | undefined): string => {
  for (const value of values ?? []) if (typeof value === 'string' && value.trim()) return value.trim();
  return '';
};

/** An http(s) URL (the WHATWG parser requires a host for both), without building a URL object per item. */
function isHttpUrl(text: string): boolean {
  if (text.length > 2048) return false;
  const scheme = text.slice(0, 8).toLowerCase();
  return (scheme.startsWith('https://') || scheme.startsWith('http://')) && URL.canParse(text);
}
