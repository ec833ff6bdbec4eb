import { availabilityOf, conditionOf } from './availability.js';
import type { ExtractedOffer, ExtractionMethodName, OfferFlag } from './extracted-offer.js';
import { absoluteUrl, gtinFields, priceFields } from './offer-fields.js';
import { hasType, nodesOf, textOf, type SchemaNode } from './schema-node.js';

const PRODUCT_TYPES = [
  'Product',
  'ProductGroup',
  'IndividualProduct',
  'ProductModel',
  'SomeProducts',
  'Vehicle',
  'Car',
  'Book',
];
const GTIN_KEYS = ['gtin14', 'gtin13', 'gtin12', 'gtin8', 'gtin', 'isbn'];
/** Where a page's main product hides inside other items (WebPage, ItemPage, ItemList). */
const CONTAINER_KEYS = ['mainEntity', 'mainEntityOfPage', 'itemListElement', 'item'];

/** The products of a page's items: top-level ones and those inside page and list containers. */
export function productsIn(roots: readonly SchemaNode[]): SchemaNode[] {
  const found: SchemaNode[] = [];
  const visit = (node: SchemaNode, depth: number): void => {
    if (hasType(node, ...PRODUCT_TYPES)) found.push(node);
    else if (depth < 5)
      for (const key of CONTAINER_KEYS) nodesOf(node, key).forEach((inner) => visit(inner, depth + 1));
  };
  roots.forEach((root) => visit(root, 0));
  return found;
}

interface OfferContext {
  readonly method: ExtractionMethodName;
  readonly pageUrl: string;
  /** The currency to assume when an offer names none (the shop's), or null to require one. */
  readonly fallbackCurrency: string | null;
}

/** The offers a product item describes: one per distinct variant (SKU, GTIN, condition). */
export function offersOfProduct(product: SchemaNode, context: OfferContext, inherited?: SchemaNode): ExtractedOffer[] {
  const variants = nodesOf(product, 'hasVariant').filter((variant) => hasType(variant, ...PRODUCT_TYPES));
  if (variants.length > 0) return variants.flatMap((variant) => offersOfProduct(variant, context, product));
  const offerNodes = offerNodesOf(product);
  const named = offerNodes.length > 1;
  const offers = (offerNodes.length > 0 ? offerNodes : [null]).map((offer) =>
    readOffer(product, offer, named, context, inherited),
  );
  return mergeSameItem(offers);
}

/** Plain offers when the product lists any, else its aggregate offers; a price on the product itself counts as an offer. */
function offerNodesOf(product: SchemaNode): SchemaNode[] {
  const listed = nodesOf(product, 'offers').flatMap((offer) => {
    const inner = nodesOf(offer, 'offers');
    return hasType(offer, 'AggregateOffer') && inner.length > 0 ? inner : [offer];
  });
  const plain = listed.filter((offer) => !hasType(offer, 'AggregateOffer'));
  if (plain.length > 0) return plain;
  if (listed.length > 0) return listed;
  return product.props.has('price') ? [product] : [];
}

function readOffer(
  product: SchemaNode,
  offer: SchemaNode | null,
  named: boolean,
  context: OfferContext,
  inherited?: SchemaNode,
): ExtractedOffer {
  const field = (...keys: string[]): string =>
    (offer ? textOf(offer, ...keys) : '') || textOf(product, ...keys) || (inherited ? textOf(inherited, ...keys) : '');
  const flags: OfferFlag[] = [];
  const spec = offer ? nodesOf(offer, 'priceSpecification')[0] : undefined;
  let priceText = offer ? textOf(offer, 'price') || (spec ? textOf(spec, 'price') : '') : '';
  if (offer && !priceText && hasType(offer, 'AggregateOffer')) {
    const low = textOf(offer, 'lowPrice');
    const high = textOf(offer, 'highPrice');
    if (low && (!high || high === low)) priceText = low;
    else if (low) flags.push('price_range');
  }
  const currency =
    (offer ? textOf(offer, 'priceCurrency') || (spec ? textOf(spec, 'priceCurrency') : '') : '') ||
    context.fallbackCurrency;
  const price = flags.includes('price_range') ? { price: null, flags: [] } : priceFields(priceText, currency || null);
  const gtin = gtinFields(field(...GTIN_KEYS));
  const name =
    (named && offer ? textOf(offer, 'name') : '') ||
    textOf(product, 'name') ||
    (inherited ? textOf(inherited, 'name') : '');
  if (!name) flags.push('name_missing');
  return {
    method: context.method,
    name,
    price: price.price,
    availability: availabilityOf(offer ? textOf(offer, 'availability') : ''),
    condition: conditionOf(offer ? textOf(offer, 'itemCondition') : ''),
    gtin: gtin.gtin,
    rawGtin: gtin.rawGtin,
    mpn: field('mpn'),
    sku: field('sku', 'productID'),
    brand: field('brand', 'manufacturer'),
    url: absoluteUrl(field('url'), context.pageUrl) || context.pageUrl,
    image: absoluteUrl(field('image'), context.pageUrl),
    description: textOf(product, 'description') || (inherited ? textOf(inherited, 'description') : ''),
    flags: [...flags, ...price.flags, ...gtin.flags],
  };
}

/** Offers are the same item when SKU, GTIN, condition and name agree. */
export const itemKey = (offer: ExtractedOffer): string =>
  [offer.sku, offer.gtin || offer.rawGtin, offer.condition, offer.name].join('\u0000');

const samePrice = (a: ExtractedOffer, b: ExtractedOffer): boolean =>
  a.price?.amount === b.price?.amount && a.price?.currency === b.price?.currency;

/**
 * Offers of one item collapse into one; when they disagree on the price, the item is flagged
 * `conflicting_prices` and gets no price: which one the shop charges is not ours to guess.
 */
export function mergeSameItem(offers: readonly ExtractedOffer[]): ExtractedOffer[] {
  const byKey = new Map<string, ExtractedOffer>();
  for (const offer of offers) {
    const key = itemKey(offer);
    const seen = byKey.get(key);
    if (!seen) byKey.set(key, offer);
    else if (!samePrice(seen, offer)) byKey.set(key, withConflict(seen));
  }
  return [...byKey.values()];
}

export function withConflict(offer: ExtractedOffer): ExtractedOffer {
  return offer.flags.includes('conflicting_prices')
    ? offer
    : { ...offer, price: null, flags: [...offer.flags, 'conflicting_prices'] };
}
