import type { ProductCardData } from '~/data/cards';

/** What the browser database keeps of a product: its card, and when it was stored. */
export interface CachedProduct extends ProductCardData {
  readonly cachedAt: string;
}
