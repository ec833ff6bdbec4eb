import { useEffect } from 'react';
import type { ProductJson } from '~/api/mappers/product.server';
import { putEntity } from '~/browser-db/db';
import type { CachedProduct } from '~/browser-db/cached-product';
import { apiSend } from '~/site/api-client';
import { readRecentlyViewed, recentlyViewedCookie, withViewed } from '~/site/recently-viewed';
import { useSite } from '~/site/use-site';

/**
 * After a product page shows: the id joins the recently-viewed cookie (spec §3: at most 10, 30
 * days), and the product's card goes into the browser database, so a later visit to it shows
 * the cached card at once while the page loads; a signed-in user's view is recorded by accounts
 * too. Done in the browser so the page itself stays
 * cacheable (no Set-Cookie).
 */
export function useRememberProduct(
  product: Pick<ProductJson, 'id' | 'name' | 'image' | 'price' | 'route' | 'brand' | 'rating'>,
) {
  const { user } = useSite();
  const signedIn = user !== null;
  useEffect(() => {
    document.cookie = recentlyViewedCookie(withViewed(readRecentlyViewed(document.cookie), product.id));
    // A signed-in user's list is kept by accounts too (every device sees it).
    if (signedIn) void apiSend('POST', '/api/recently-viewed', { product_id: product.id }).catch(() => undefined);
    const cached: CachedProduct = {
      id: product.id,
      name: product.name,
      image: product.image,
      price: product.price,
      route: product.route,
      brand: product.brand ? { name: product.brand.name } : null,
      rating: product.rating ? { value: product.rating.value, count: product.rating.count } : null,
      cachedAt: new Date().toISOString(),
    };
    void putEntity('products', cached);
  }, [product, signedIn]);
}
