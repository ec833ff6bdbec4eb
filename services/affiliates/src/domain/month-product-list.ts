/** One product's counted clicks in a month. */
export interface ProductCount {
  readonly productId: string;
  readonly clicks: number;
}

/** Where a page of a month's product list ends: its last product's clicks and id. */
export interface ProductListPosition {
  readonly clicks: number;
  readonly productId: string;
}

/**
 * Every product of the month's tally shards, most clicks first, then by product id. A product
 * counts in one shard only (`shardOf`), so the shards' maps are disjoint and need no merging.
 */
export function orderedProducts(shards: readonly Readonly<Record<string, number>>[]): ProductCount[] {
  const products: ProductCount[] = [];
  for (const shard of shards)
    for (const [productId, clicks] of Object.entries(shard)) if (clicks > 0) products.push({ productId, clicks });
  return products.sort(byClicksThenId);
}

function byClicksThenId(a: ProductListPosition, b: ProductListPosition): number {
  return b.clicks - a.clicks || (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0);
}

/**
 * The products after `after` (all when null), at most `size`. Keyed by position rather than by
 * index, so a click folded between two pages moves a product without shifting the others.
 */
export function pageAfter(
  products: readonly ProductCount[],
  after: ProductListPosition | null,
  size: number,
): ProductCount[] {
  const start = after ? products.findIndex((product) => byClicksThenId(product, after) > 0) : 0;
  return start < 0 ? [] : products.slice(start, start + size);
}

/** The opaque token of a page's end: base64url of "clicks:productId". */
export const positionToken = (position: ProductListPosition): string =>
  Buffer.from(`${position.clicks}:${position.productId}`, 'utf8').toString('base64url');

/** The position a token names; null when it is not a token `positionToken` made. */
export function tokenPosition(token: string): ProductListPosition | null {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const text = Buffer.from(token, 'base64url').toString('utf8');
  const match = /^(\d{1,15}):(.+)$/s.exec(text);
  return match ? { clicks: Number(match[1]), productId: match[2]! } : null;
}
