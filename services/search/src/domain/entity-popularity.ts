import { CLICK_DAYS_KEPT, firstDayOf } from './click-record.js';
import { SERVED_COUNTRIES, servedCountry, type Country } from './countries.js';
import type { ProductRecord } from './product-record.js';
import { utcDay } from './tracked-query.js';

/** The lists whose entities can be sorted by their products' clicks (EntitySort POPULARITY). */
export type PopularKind = 'brand' | 'category' | 'shop';

/** UTC days an entity's popularity counts, today included (its documents' `clicks_30d`). */
export const POPULARITY_DAYS = CLICK_DAYS_KEPT;

/**
 * An entity's clicks as the counts name them: `<kind>:<id of its document>` (a brand's slug, a
 * category's or a shop's id) for the clicks from every country, `<kind>@<country>:<id>` (country
 * in lower case) for those from one served country: a list limited to a country orders by the
 * clicks of its visitors.
 */
export type EntityKey = string;

export const entityKey = (kind: PopularKind, id: string, country?: Country): EntityKey =>
  country ? `${kind}@${country.toLowerCase()}:${id}` : `${kind}:${id}`;

/** The kind, document id and country (null: every country) of a key; null for a key of no popular kind. */
export function parseEntityKey(
  key: EntityKey,
): { readonly kind: PopularKind; readonly id: string; readonly country: Country | null } | null {
  const at = key.indexOf(':');
  const [kind = '', code] = key.slice(0, at).split('@');
  const id = key.slice(at + 1);
  const country = code === undefined ? null : servedCountry(code);
  if (code !== undefined && country === null) return null;
  return at > 0 && id !== '' && (kind === 'brand' || kind === 'category' || kind === 'shop')
    ? { kind, id, country }
    : null;
}

/** Every key of one entity: all countries', and each served country's. */
export const keysOfEntity = (kind: PopularKind, id: string): EntityKey[] => [
  entityKey(kind, id),
  ...SERVED_COUNTRIES.map((country) => entityKey(kind, id, country)),
];

/**
 * The entities a counted click counts for: its product's brand, every category of its path (a
 * category counts its subcategories' products, as the tree counts products) and the shop whose
 * offer was followed, each for every country and for the click's country (when served). Of a
 * product search does not know yet, only the shop.
 */
export function entitiesOfClick(product: ProductRecord | null, shopId: string, clickCountry = ''): EntityKey[] {
  const country = servedCountry(clickCountry);
  const keys = new Set<EntityKey>();
  const add = (kind: PopularKind, id: string): void => {
    keys.add(entityKey(kind, id));
    if (country) keys.add(entityKey(kind, id, country));
  };
  if (product?.brand?.slug) add('brand', product.brand.slug);
  for (const step of product?.categoryPath ?? []) if (step.id) add('category', step.id);
  if (shopId) add('shop', shopId);
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

/** The documents' number field of a key's clicks over the window: `clicks_30d`, or `clicks_30d_<country>`. */
export const clicksField = (country: Country | null): string =>
  country ? `clicks_30d_${country.toLowerCase()}` : 'clicks_30d';

/**
 * The document with these clicks in `field`. None leaves the field out: an entity never clicked
 * sorts like one whose clicks left the window (after the clicked ones, by name), and documents
 * written before the field existed need no rewrite.
 */
export function withClicks<D extends object>(doc: D, clicks: number, field = 'clicks_30d'): D {
  const { [field]: _held, ...rest } = doc as Record<string, unknown>;
  return (clicks > 0 ? { ...rest, [field]: clicks } : rest) as D;
}
