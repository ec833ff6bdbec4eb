import { COMPARE_MAX } from './compare-link';

/** A product picked for comparison: its id, and its name for the compare tray. */
export interface PickedProduct {
  readonly id: string;
  readonly name: string;
}

/** The browser's storage key of the picked products (localStorage: kept across visits). */
export const PICKED_PRODUCTS_KEY = 'compare-products';

const ID = /^[A-Za-z0-9_-]{1,128}$/;
const MAX_NAME = 200;

const isPicked = (value: unknown): value is PickedProduct =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as PickedProduct).id === 'string' &&
  ID.test((value as PickedProduct).id) &&
  typeof (value as PickedProduct).name === 'string';

/**
 * The picked products as stored: anything that is not a list of products (another version, a
 * hand edit) reads as none; repeated ids count once, and no more than COMPARE_MAX are kept.
 */
export function readPicked(stored: string | null): PickedProduct[] {
  if (!stored) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return [];
  }
  return pickedFrom(parsed);
}

/** The products of a parsed list (stored, or the account's answer): anything else is skipped. */
export function pickedFrom(parsed: unknown): PickedProduct[] {
  if (!Array.isArray(parsed)) return [];
  const picked: PickedProduct[] = [];
  for (const item of parsed) {
    if (!isPicked(item) || picked.some((p) => p.id === item.id)) continue;
    picked.push({ id: item.id, name: item.name.slice(0, MAX_NAME) });
  }
  return picked.slice(0, COMPARE_MAX);
}

export const writePicked = (picked: readonly PickedProduct[]): string => JSON.stringify(picked);

/** The list after pressing a product's Compare toggle; `refused`: it was full, nothing changed. */
export interface Toggled {
  readonly picked: readonly PickedProduct[];
  readonly refused: boolean;
}

/** A picked product is dropped; another joins at the end, unless COMPARE_MAX are picked already. */
export function togglePicked(picked: readonly PickedProduct[], product: PickedProduct): Toggled {
  if (picked.some((p) => p.id === product.id)) return { picked: withoutPicked(picked, product.id), refused: false };
  if (picked.length >= COMPARE_MAX) return { picked, refused: true };
  return { picked: [...picked, { id: product.id, name: product.name.slice(0, MAX_NAME) }], refused: false };
}

export const withoutPicked = (picked: readonly PickedProduct[], id: string): PickedProduct[] =>
  picked.filter((p) => p.id !== id);
