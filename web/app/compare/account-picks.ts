import { COMPARE_MAX } from './compare-link';
import type { PickedProduct } from './picked-products';

/**
 * The picks a signed-in browser shows once it heard from the account (ADR 132): the account's
 * first, in their order, then the browser's others, at most COMPARE_MAX. `synced` is the list
 * this browser and the account last agreed on (none: it never did, e.g. before signing in), so
 * that a product dropped on one side since is not brought back by the other:
 * - one this browser dropped since is left out of the account's,
 * - one another device dropped since is left out of the browser's.
 * Without `synced` it is the union of both lists.
 */
export function mergeAccountPicks(
  account: readonly PickedProduct[],
  local: readonly PickedProduct[],
  synced: readonly string[] = [],
): PickedProduct[] {
  const has = (list: readonly PickedProduct[], id: string) => list.some((p) => p.id === id);
  const droppedHere = new Set(synced.filter((id) => !has(local, id)));
  const droppedElsewhere = new Set(synced.filter((id) => !has(account, id)));
  const merged: PickedProduct[] = [];
  for (const product of account) if (!droppedHere.has(product.id) && !has(merged, product.id)) merged.push(product);
  for (const product of local) if (!droppedElsewhere.has(product.id) && !has(merged, product.id)) merged.push(product);
  return merged.slice(0, COMPARE_MAX);
}

/** Whether two lists name the same products in the same order. */
export const sameIds = (a: readonly { id: string }[], b: readonly { id: string }[]): boolean =>
  a.length === b.length && a.every((p, i) => p.id === b[i]?.id);
