/**
 * Where the visible product data sits on a demo shop's product page, as the crawler's per-shop
 * rules take them: a CSS selector per field, optionally followed by ` @attribute` to read an
 * attribute instead of the text (`img.main-image @src`); `name` and `price` are required, the
 * price text carries its currency. Shops with visible HTML only need these. The shops use three
 * templates; `availability` reads a Google-style state (`in_stock`, `out_of_stock`, `limited`,
 * `preorder`).
 */
export interface SelectorRules {
  readonly name: string;
  readonly price: string;
  readonly availability: string;
  readonly gtin: string;
  readonly mpn: string;
  readonly sku: string;
  readonly brand: string;
  readonly image: string;
}

export const TEMPLATE_RULES: readonly [SelectorRules, SelectorRules, SelectorRules] = [
  {
    name: 'h1.product-title',
    price: '.price .current',
    availability: '.stock @data-state',
    brand: '.brand',
    gtin: '.ean',
    mpn: '.mpn',
    sku: '.sku',
    image: 'img.main-image @src',
  },
  {
    name: '.pd-name',
    price: '.pd-price-now',
    availability: '.pd-availability @data-state',
    brand: '.pd-brand',
    gtin: '.pd-gtin',
    mpn: '.pd-mpn',
    sku: '.pd-sku',
    image: '.pd-gallery img @src',
  },
  {
    name: '#title',
    price: '#price .amount',
    availability: '#stock @data-state',
    brand: '#manufacturer',
    gtin: '#ean',
    mpn: '#mpn',
    sku: '#article-number',
    image: '#image @src',
  },
];
