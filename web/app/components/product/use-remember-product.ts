import { useEffect } from 'react';
import type { ProductJson } from '~/api/mappers/product.server';
import { putEntity } from '~/browser-db/db';
import type { CachedProduct } from '~/browser-db/cached-product';
import { readRecentlyViewed, recentlyViewedCookie, withViewed } from '~/site/recently-viewed';

/**
 * After a product page shows: the id joins the recently-viewed cookie (spec §3: at most 10, 30
 * days), and the product's card goes into the browser database, so a later visit to it shows
 * the cached card at once while the page loads. Done in the browser so the page itself stays
 * cacheable (no Set-Cookie).
 */
export function useRememberProduct(product: Pick<ProductJson, 'id' | 'name' | 'image' | 'price' | 'route' | 'brand' | 'rating'>) {
  useEffect(() => {
    document.cookie = recentlyViewedCookie(withViewed(readRecentlyViewed(document.cookie), product.id));
    const cached: CachedProduct = {
      id: product.id, name: product.name, image: product.image, price: product.price, route: product.route,
      brand: product.brand ? { name: product.brand.name } : null, rating: product.rating ? { value: product.rating.value, count: product.rating.count } : null,
      cachedAt: new Date().toISOString(),
    };
    void putEntity('products', cached);
  }, [product]);
}
