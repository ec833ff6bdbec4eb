import type { SearchHit, SearchLanguage } from '@pc/kit/ports/search-index';
import type { BrandHit, CategoryHit, ShopHit } from '@pc/proto/search/v1/types';
import type { BrandDocument } from '../domain/brand-document.js';
import { categoryName, type CategoryDocument } from '../domain/category-document.js';
import { highlight } from '../domain/highlight.js';
import type { ShopDocument } from '../domain/shop-document.js';

function highlights(text: string, query: string, language: SearchLanguage): Record<string, string> {
  const name = query ? highlight(text, query, language) : null;
  return name ? { name } : {};
}

export function brandHit(
  { document: brand }: SearchHit<BrandDocument>,
  query: string,
  language: SearchLanguage,
): BrandHit {
  return {
    brandId: brand.brand_id,
    slug: brand.id,
    name: brand.name,
    // Product events carry no logo; the brand page takes it from catalog.GetBrand.
    logoUrl: '',
    productsCount: brand.products_count,
    highlights: highlights(brand.name, query, language),
  };
}

export function shopHit({ document: shop }: SearchHit<ShopDocument>, query: string, language: SearchLanguage): ShopHit {
  return {
    shopId: shop.id,
    name: shop.name,
    faviconUrl: shop.favicon_url,
    domain: shop.domain,
    countries: [...shop.country_codes],
    offersCount: shop.offers_count,
    highlights: highlights(shop.name, query, language),
    rating: shop.rating_value ?? 0,
    ratingCount: shop.rating_count ?? 0,
  };
}

/**
 * A category in the request's language: its name, and its path named from its ancestors'
 * documents (`pathNames`, by id); an ancestor without a document keeps the name its products'
 * events gave it.
 */
export function categoryHit(
  { document: category }: SearchHit<CategoryDocument>,
  query: string,
  language: SearchLanguage,
  pathNames: ReadonlyMap<string, string> = new Map(),
): CategoryHit {
  const name = categoryName(category, language);
  const ids = category.path_ids ?? [];
  return {
    categoryId: category.id,
    slug: category.slug,
    name,
    path: category.path_names.map((fallback, i) => pathNames.get(ids[i] ?? '') ?? fallback),
    productsCount: category.products_count,
    imageUrl: '',
    highlights: highlights(name, query, language),
  };
}

/** The ids of the hits' ancestors, whose names their paths show. */
export function pathIdsOf(hits: readonly SearchHit<CategoryDocument>[]): string[] {
  return [...new Set(hits.flatMap((hit) => hit.document.path_ids ?? []))];
}
