import type { SearchHit, SearchLanguage } from '@pc/kit/ports/search-index';
import type { BrandHit, CategoryHit, ShopHit } from '@pc/proto/search/v1/types';
import type { BrandDocument } from '../domain/brand-document.js';
import type { CategoryDocument } from '../domain/category-document.js';
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

export function categoryHit(
  { document: category }: SearchHit<CategoryDocument>,
  query: string,
  language: SearchLanguage,
): CategoryHit {
  return {
    categoryId: category.id,
    slug: category.slug,
    name: category.name,
    path: [...category.path_names],
    productsCount: category.products_count,
    imageUrl: '',
    highlights: highlights(category.name, query, language),
  };
}
