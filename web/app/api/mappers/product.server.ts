import type { CategoryRef, Product, Rating } from '@pc/proto/catalog/v1/types';
import type { ProductPriceSummary } from '@pc/proto/offers/v1/types';
import type { ApiLocale } from '../http/api-locale.server';
import { attributeName } from './attribute-names.server';
import { trendKey } from './enum-keys.server';
import { isoTime, moneyJson, orNull, type MoneyJson } from './money.server';
import { sitePaths } from './site-paths.server';

export interface CategoryRefJson {
  readonly id: string;
  readonly slug: string;
  readonly name: string;
  readonly products_count: number;
  readonly route: string;
}

export interface RatingJson {
  readonly value: number;
  readonly count: number;
  /** Five counts, 5 stars first. */
  readonly distribution: readonly number[];
}

export interface PriceJson extends MoneyJson {
  /** Offers in the locale's country. */
  readonly offers: number;
}

/** The prices of a product in the locale's country, or what is known when offers did not answer. */
export type PriceKnowledge =
  { readonly known: true; readonly summary: ProductPriceSummary | undefined } | { readonly known: false };

export function categoryRefJson(ref: CategoryRef, locale: ApiLocale): CategoryRefJson {
  return {
    id: ref.id,
    slug: ref.slug,
    name: ref.name,
    products_count: ref.productsCount,
    route: sitePaths.category(locale.id, ref.id),
  };
}

export function ratingJson(rating: Rating | undefined): RatingJson | null {
  if (!rating || rating.count === 0) return null;
  return { value: rating.value, count: rating.count, distribution: rating.distribution };
}

function priceJson(prices: PriceKnowledge): PriceJson | null {
  if (!prices.known) return null;
  const lowest = moneyJson(prices.summary?.lowestPrice);
  return lowest ? { ...lowest, offers: prices.summary?.offersCount ?? 0 } : null;
}

/**
 * A product as spec §3 names its fields. Our products have one stable id, so `id` (the spec's
 * "from sku"), `_id` and `sku` carry the same value. Prices come from the offers service for the
 * locale's country; when it did not answer, `offers` and `inventory` are null (unknown), not 0.
 */
export function productJson(product: Product, prices: PriceKnowledge, locale: ApiLocale) {
  const summary = prices.known ? prices.summary : undefined;
  return {
    id: product.id,
    _id: product.id,
    key: product.slug,
    sku: product.id,
    name: product.name,
    description: product.description,
    language: product.language,
    brand: product.brand?.slug
      ? {
          id: product.brand.id,
          name: product.brand.name,
          slug: product.brand.slug,
          products_count: product.brand.productsCount,
          route: sitePaths.brand(locale.id, product.brand.slug),
        }
      : null,
    category: product.category?.id ? categoryRefJson(product.category, locale) : null,
    breadcrumbs: product.breadcrumbs.map((ref) => categoryRefJson(ref, locale)),
    images: product.images.map((image) => ({ id: image.id, name: image.name, src: image.src, alt: image.alt })),
    image: product.images[0]?.src ?? null,
    price: priceJson(prices),
    offers: prices.known ? (summary?.offersCount ?? 0) : null,
    inventory: prices.known ? (summary?.inStockOffersCount ?? 0) : null,
    currency: locale.currency,
    trend: summary ? trendKey(summary.trend) : null,
    is_green: summary?.hasGreenOffer ?? false,
    rating: ratingJson(product.rating),
    gtin: orNull(product.displayGtin),
    mpn: orNull(product.mpn),
    manufacturer: orNull(product.manufacturer),
    features: product.features.map((f) => ({
      group: orNull(f.group),
      name: attributeName(f.name, locale.language),
      value: f.value,
    })),
    route: sitePaths.product(locale.id, product.slug, product.id),
    admin_href: sitePaths.productAdmin(product.id),
    created_at: isoTime(product.createdAt),
    updated_at: isoTime(product.updatedAt),
  };
}

export type ProductJson = ReturnType<typeof productJson>;
