import type { HeadersFunction } from '@remix-run/node';

/**
 * Cache-Control of public pages: browsers revalidate (max-age=0), a shared cache (the site's
 * micro-cache, a CDN) may keep the page `seconds`, then serve it stale for as long again while it
 * fetches a fresh one (ADR 013). A loader's own Cache-Control (e.g. an error) wins.
 * `reads`: the query parameters the page reads (`name`, or `prefix[*]` for `prefix[…]`; `lang`
 * goes without saying): the micro-cache keys the page on these alone (X-Cache-Query), so other
 * parameters (`?cb=N`) neither grow the cache nor miss it.
 */
export function sharedCache(seconds: number, reads: readonly string[]): HeadersFunction {
  return ({ loaderHeaders }) => {
    const tags = loaderHeaders.get(CACHE_TAGS_HEADER);
    return {
      'Cache-Control':
        loaderHeaders.get('Cache-Control') ??
        `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${seconds}`,
      'X-Cache-Query': reads.join(','),
      ...(tags ? { [CACHE_TAGS_HEADER]: tags } : {}),
    };
  };
}

/** What a page shows, for the micro-cache to render it again when it changes (ADR 082). */
export const CACHE_TAGS_HEADER = 'X-Cache-Tags';

/** A loader's headers naming what its page shows (`product:<id>`, `shop:<id>`: web/edge/page-events.cjs). */
export const cacheTags = (...tags: readonly string[]): HeadersInit => ({ [CACHE_TAGS_HEADER]: tags.join(' ') });

/**
 * The tags of a list of products (`listing:<id>`): the page is rendered again when search lists
 * one of them differently (ListingsChanged, ADR 084), e.g. at its new lowest price.
 */
export const listingTags = (products: readonly { readonly id: string }[]): string[] =>
  products.map((product) => `listing:${product.id}`);

/**
 * The tag of every page that names categories beyond one product's (ADR 131): the categories
 * page, category pages and the lists whose filters or facets name them. Catalog's
 * CategoryChanged and CategoryDeleted name it, so such a page is rendered again when a category
 * is renamed, added, moved or deleted.
 */
export const CATEGORY_NAMES_TAG = 'categories';

/**
 * The tag of the pages and parts listing a model's variants (`model:<key>`, ADR 138): catalog's
 * ProductCreated and ProductChanged name the product's model, so a new variant reaches its
 * siblings' pages at once. The key holds spaces, which separate tags: it is URI-encoded, as
 * web/edge/page-events.cjs does. None for a product without a model.
 */
export const modelTags = (modelKey: string): string[] => (modelKey ? [`model:${encodeURIComponent(modelKey)}`] : []);

/** The tags of the categories a product page names in its trail (`category:<id>`), changed by their events. */
export const categoryTags = (ids: readonly string[]): string[] => ids.map((id) => `category:${id}`);

/** The parameters of a list of brands, shops or categories (entity-list-loader). */
export const LIST_PAGE_READS = ['search', 'page', 'sort'] as const;

/** Pages with prices: fresh for 30 s, then stale while revalidating for 30 s more: at most 60 s
 * old, as the API lets live prices be (CachePolicy.livePrices). */
export const PRICES_SHARED_SECONDS = 30;
/** Catalogue pages and our texts change rarely. */
export const CATALOG_SHARED_SECONDS = 60;

/** Pages about one visitor (forms with their CSRF token, the account area): never stored by anyone. */
export const privatePage: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });
