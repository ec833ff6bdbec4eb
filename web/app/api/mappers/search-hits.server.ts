import type { BrandHit, CategoryHit, ProductHit, ShopHit } from '@pc/proto/search/v1/types';
import type { ApiLocale } from '../http/api-locale.server';
import { categoryLabel, NO_CATEGORY_NAMES, type CategoryNames } from './category-names.server';
import { trendKey } from './enum-keys.server';
import { moneyJson, orNull } from './money.server';
import { sitePaths } from './site-paths.server';

/**
 * A product card of a search result, with the field names of spec §3 Product; its category named
 * in `categoryNames` (catalog's, in the locale's language, ADR 126) where known.
 */
export function productHitJson(hit: ProductHit, locale: ApiLocale, categoryNames: CategoryNames = NO_CATEGORY_NAMES) {
  const lowest = moneyJson(hit.lowestPrice);
  return {
    id: hit.productId,
    _id: hit.productId,
    key: hit.slug,
    name: hit.name,
    brand: hit.brandSlug
      ? { name: hit.brandName, slug: hit.brandSlug, route: sitePaths.brand(locale.id, hit.brandSlug) }
      : null,
    category: hit.categoryId
      ? {
          id: hit.categoryId,
          name: categoryLabel(categoryNames, hit.categoryId, hit.categoryName),
          route: sitePaths.category(locale.id, hit.categoryId),
        }
      : null,
    image: orNull(hit.imageUrl),
    price: lowest ? { ...lowest, offers: hit.offersCount } : null,
    offers: hit.offersCount,
    currency: lowest?.currency ?? locale.currency,
    rating: hit.ratingCount > 0 ? { value: hit.rating, count: hit.ratingCount } : null,
    trend: trendKey(hit.trend),
    price_drop_percent: hit.priceDropPercent,
    is_green: hit.hasGreenOffer,
    route: sitePaths.product(locale.id, hit.slug, hit.productId),
    highlights: hit.highlights,
  };
}

export function brandHitJson(hit: BrandHit, locale: ApiLocale) {
  return {
    id: hit.brandId,
    slug: hit.slug,
    name: hit.name,
    logo: orNull(hit.logoUrl),
    products_count: hit.productsCount,
    route: sitePaths.brand(locale.id, hit.slug),
    highlights: hit.highlights,
  };
}

export function shopHitJson(hit: ShopHit, locale: ApiLocale) {
  return {
    id: hit.shopId,
    name: hit.name,
    favicon: orNull(hit.faviconUrl),
    domain: hit.domain,
    countries: hit.countries,
    offers_count: hit.offersCount,
    // Visitors' stars and review count (search keeps offers' rating; 0 while there is none).
    rating: hit.ratingCount > 0 ? { value: hit.rating, count: hit.ratingCount } : null,
    route: sitePaths.shop(locale.id, hit.shopId),
    highlights: hit.highlights,
  };
}

/**
 * A category of search's categories list, its name and its ancestors' named in `categoryNames`
 * (catalog's, in the locale's language, ADR 126) where known. Search highlighted what matched in
 * the name it answered (the request's language, ADR 127, English where it holds no other): a
 * name that is not that one goes without its highlight.
 */
export function categoryHitJson(hit: CategoryHit, locale: ApiLocale, categoryNames: CategoryNames = NO_CATEGORY_NAMES) {
  const name = categoryLabel(categoryNames, hit.categoryId, hit.name);
  const { name: highlightedName, ...highlights } = hit.highlights;
  return {
    id: hit.categoryId,
    slug: hit.slug,
    name,
    path: categoryNames.ancestors(hit.categoryId) ?? hit.path,
    image: orNull(hit.imageUrl),
    products_count: hit.productsCount,
    route: sitePaths.category(locale.id, hit.categoryId),
    highlights: name === hit.name || highlightedName === undefined ? hit.highlights : highlights,
  };
}
