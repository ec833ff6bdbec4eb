import type { ProductJson } from '~/api/mappers/product.server';
import type { VariantChip, VariantValue } from '~/data/product-page-variants.server';

/** The product page's variants block as the structured data reads it (ADR 138). */
export interface ModelVariants {
  /** null when catalog did not answer; [] or only the product itself when it has no variant. */
  readonly chips: readonly VariantChip[] | null;
  /** The model's product group id (data/product-group-id.server.ts); '' when the product has none. */
  readonly groupId: string;
}

/**
 * The schema.org property each variant attribute is stated by. Google reads `variesBy` only for
 * color, size, material, pattern, suggestedAge and suggestedGender: a colour and a letter size are
 * those; storage, capacity and pack size have no schema.org property and are stated as an
 * `additionalProperty` (PropertyValue) of each variant, not named in `variesBy`.
 */
const SCHEMA_PROPERTIES: Readonly<Record<string, 'color' | 'size'>> = { colour: 'color', size: 'size' };
const PROPERTY_NAMES: Readonly<Record<string, string>> = {
  storage: 'Storage',
  capacity: 'Capacity',
  pack: 'Pack size',
};

const decimal = (minor: number) => (minor / 100).toFixed(2);

/** A variant's values as schema.org properties: `color`, `size`, else `additionalProperty`. */
function variantProperties(values: readonly VariantValue[]) {
  const properties: Record<string, unknown> = {};
  const additional: object[] = [];
  for (const { attribute, value } of values) {
    const property = SCHEMA_PROPERTIES[attribute];
    if (property) properties[property] = value;
    else additional.push({ '@type': 'PropertyValue', name: PROPERTY_NAMES[attribute] ?? attribute, value });
  }
  return additional.length > 0 ? { ...properties, additionalProperty: additional } : properties;
}

/**
 * The model's name: the words of the product's name every variant's name holds ("Apple iPhone 15
 * Pro 128GB Black" and "… 256GB Black": "Apple iPhone 15 Pro Black"); the product's name when
 * they share none.
 */
function groupName(name: string, chips: readonly VariantChip[]): string {
  const wordsOf = (text: string) => new Set(text.toLocaleLowerCase().split(/\s+/));
  const others = chips.map((chip) => wordsOf(chip.name));
  const shared = name.split(/\s+/).filter((word) => others.every((words) => words.has(word.toLocaleLowerCase())));
  return shared.join(' ').trim() || name;
}

/**
 * The product's model as schema.org and Google's product variants read it: the product
 * `isVariantOf` a ProductGroup (`productGroupID` from the model key, `variesBy` the schema.org
 * properties its variants differ in, `hasVariant` the other variants with their page, values and
 * lowest price), and the product's own values. Nothing when it has no other variant.
 */
function modelOf(product: ProductJson, variants: ModelVariants | undefined, origin: string) {
  const chips = variants?.chips ?? [];
  const others = chips.filter((chip) => !chip.current);
  if (!variants?.groupId || others.length === 0) return {};
  const current = chips.find((chip) => chip.current);
  const groupID = variants.groupId;
  const varying = [
    ...new Set(chips.flatMap((chip) => chip.values.map(({ attribute }) => SCHEMA_PROPERTIES[attribute]))),
  ].filter(Boolean);
  return {
    ...variantProperties(current?.values ?? []),
    inProductGroupWithID: groupID,
    isVariantOf: {
      '@type': 'ProductGroup',
      productGroupID: groupID,
      name: groupName(product.name, others),
      brand: product.brand ? { '@type': 'Brand', name: product.brand.name } : undefined,
      variesBy: varying.length > 0 ? varying.map((property) => `https://schema.org/${property}`) : undefined,
      hasVariant: others.map((chip) => ({
        '@type': 'Product',
        name: chip.name,
        url: `${origin}${chip.route}`,
        ...variantProperties(chip.values),
        offers: chip.price
          ? {
              '@type': 'AggregateOffer',
              lowPrice: decimal(chip.price.amount),
              priceCurrency: chip.price.currency,
              url: `${origin}${chip.route}`,
            }
          : undefined,
      })),
    },
  };
}

/**
 * schema.org Product with an AggregateOffer (lowPrice, highPrice, offerCount, priceCurrency) in
 * the server HTML, for search engines (spec §2.7: product pages pre-rendered with structured
 * data), and the model it is a variant of (ADR 138). Amounts are decimal strings from minor units.
 */
export function productJsonLd(
  product: ProductJson,
  highest: { amount: number; currency: string } | null,
  origin: string,
  variants?: ModelVariants,
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description || undefined,
    image: product.images.map((i) => i.src),
    sku: product.sku,
    gtin13: product.gtin ?? undefined,
    mpn: product.mpn ?? undefined,
    brand: product.brand ? { '@type': 'Brand', name: product.brand.name } : undefined,
    aggregateRating: product.rating
      ? { '@type': 'AggregateRating', ratingValue: product.rating.value, reviewCount: product.rating.count }
      : undefined,
    offers: product.price
      ? {
          '@type': 'AggregateOffer',
          lowPrice: decimal(product.price.amount),
          highPrice: decimal(highest?.amount ?? product.price.amount),
          offerCount: product.price.offers,
          priceCurrency: product.price.currency,
          url: `${origin}${product.route}`,
        }
      : undefined,
    ...modelOf(product, variants, origin),
  };
}
