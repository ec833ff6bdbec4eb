import type { Brand, Category } from '@pc/proto/catalog/v1/types';
import type { Shop } from '@pc/proto/offers/v1/types';
import type { ApiLocale } from '../http/api-locale.server';
import { shopStatusKey } from './enum-keys.server';
import { isoTime, orNull } from './money.server';
import { categoryRefJson } from './product.server';
import { shopRatingJson } from './shop-review.server';
import { sitePaths } from './site-paths.server';

/** A brand (spec §3 Brand, addressed by slug). */
export function brandJson(brand: Brand, locale: ApiLocale) {
  return {
    id: brand.id,
    slug: brand.slug,
    name: brand.name,
    description: brand.description,
    logo: orNull(brand.logoUrl),
    homepage: orNull(brand.homepageUrl),
    products_count: brand.productsCount,
    route: sitePaths.brand(locale.id, brand.slug),
    updated_at: isoTime(brand.updatedAt),
  };
}

/** A category (spec §3 Category, by id) with its breadcrumb trail and children. */
export function categoryJson(category: Category, locale: ApiLocale) {
  return {
    id: category.id,
    slug: category.slug,
    name: category.name,
    description: category.description,
    parent_id: orNull(category.parentId),
    breadcrumbs: category.ancestors.map((ref) => categoryRefJson(ref, locale)),
    children: category.children.map((ref) => categoryRefJson(ref, locale)),
    products_count: category.productsCount,
    depth: category.depth,
    image: orNull(category.imageUrl),
    meta: category.meta
      ? { title: category.meta.title, description: category.meta.description, keywords: category.meta.keywords }
      : null,
    route: sitePaths.category(locale.id, category.id),
    updated_at: isoTime(category.updatedAt),
  };
}

/**
 * A shop's public directory entry (spec §3 Shop) with its visitors' rating (null while it has no
 * published review). Contact, company, feeds, URL parameters, clicks and invoices belong to the
 * business area, not to this public API.
 */
export function shopJson(shop: Shop, locale: ApiLocale) {
  return {
    id: shop.id,
    name: shop.name,
    favicon: orNull(shop.faviconUrl),
    logo: orNull(shop.logoUrl),
    domain: shop.domain,
    url: orNull(shop.homepageUrl),
    description: shop.description,
    countries: shop.countries,
    offers_count: shop.offersCount,
    status: shopStatusKey(shop.status),
    confirmed: shop.confirmed,
    registered_at: isoTime(shop.registeredAt),
    confirmed_at: isoTime(shop.confirmedAt),
    rating: shopRatingJson(shop.rating),
    route: sitePaths.shop(locale.id, shop.id),
  };
}
