import { CLICK_DAYS_KEPT, firstDayOf } from './click-record.js';
import type { ProductRecord } from './product-record.js';
import { utcDay } from './tracked-query.js';

/** The lists whose entities can be sorted by their products' clicks (EntitySort POPULARITY). */
export type PopularKind = 'brand' | 'category' | 'shop';

/** UTC days an entity's popularity counts, today included (its documents' `clicks_30d`). */
export const POPULARITY_DAYS = CLICK_DAYS_KEPT;

/**
 * An entity as the click counts name it: `<kind>:<id of its document>` (a brand's slug, a
 * category's or a shop's id).
 */
export type EntityKey = string;

export const entityKey = (kind: PopularKind, id: string): EntityKey => `${kind}:${id}`;

/** The kind and document id of a key; null for a key of no popular kind. */
export function parseEntityKey(key: EntityKey): { readonly kind: PopularKind; readonly id: string } | null {
  const at = key.indexOf(':');
  const kind = key.slice(0, at);
  const id = key.slice(at + 1);
  return at > 0 && id !== '' && (kind === 'brand' || kind === 'category' || kind === 'shop') ? { kind, id } : null;
}

/**
 * The entities a counted click counts for: its product's brand, every category of its path (a
 * category counts its subcategories' products, as the tree counts products) and the shop whose
 * offer was followed. Of a product search does not know yet, only the shop.
 */
export function entitiesOfClick(product: ProductRecord | null, shopId: string): EntityKey[] {
  const keys = new Set<EntityKey>();
  if (product?.brand?.slug) keys.add(entityKey('brand', product.brand.slug));
  for (const step of product?.categoryPath ?? []) if (step.id) keys.add(entityKey('category', step.id));
  if (shopId) keys.add(entityKey('shop', shopId));
  return [...keys];
}

/** How many counted clicks one product gave one entity on one UTC day (`entity_click_days`). */
export interface EntityClickCount {
  readonly day: string;
  readonly entity: EntityKey;
  readonly productId: string;
  readonly count: number;
}

/** One entity's clicks of one UTC day: what a flush sums again. */
export interface EntityDay {
  readonly entity: EntityKey;
  readonly day: string;
}

/** The first UTC day of the popularity window that ends today. */
export const popularitySince = (now: Date): string => firstDayOf(utcDay(now), POPULARITY_DAYS);

/** The documents' number field: counted clicks over the window, absent for none. */
export interface WithClicks {
  readonly clicks_30d?: number;
}

/**
 * The document with these clicks. None leaves the field out: an entity never clicked sorts like
 * one whose clicks left the window (after the clicked ones, by name), and documents written
 * before the field existed need no rewrite.
 */
export function withClicks<D extends WithClicks>(doc: D, clicks: number): D {
  const { clicks_30d: _held, ...rest } = doc;
  return (clicks > 0 ? { ...rest, clicks_30d: clicks } : rest) as D;
}
