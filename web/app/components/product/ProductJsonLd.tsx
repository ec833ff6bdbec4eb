import type { ProductJson } from '~/api/mappers/product.server';

/**
 * schema.org Product with an AggregateOffer (lowPrice, highPrice, offerCount, priceCurrency) in
 * the server HTML, for search engines (spec §2.7: product pages pre-rendered with structured
 * data). Amounts are decimal strings from minor units.
 */
export function productJsonLd(
  product: ProductJson,
  highest: { amount: number; currency: string } | null,
  origin: string,
) {
  const decimal = (minor: number) => (minor / 100).toFixed(2);
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
  };
}

export function ProductJsonLd({ data }: { data: object }) {
  // "<" escaped: the JSON sits in a script element and must not close it.
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  );
}
