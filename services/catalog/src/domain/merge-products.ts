import type { ProductChange, ProductRecord } from './product.js';

/**
 * The merge target after taking in its duplicates: every GTIN of theirs (the target's first, so
 * the shown one stays), and what it lacks — a translation, a description in a language it has,
 * images, MPN, manufacturer, features, a category. Never overwrites: the staff chose the target
 * as the better record. Null when the sources add nothing.
 */
export function absorbDuplicates(
  target: ProductRecord,
  sources: readonly ProductRecord[],
  now: string,
): ProductChange | null {
  let product = target;
  const changed = new Set<string>();
  for (const source of sources) {
    const gtins = source.gtins.filter((gtin) => !product.gtins.includes(gtin));
    if (gtins.length > 0) {
      if (product.gtins.length === 0) changed.add('display_gtin');
      product = { ...product, gtins: [...product.gtins, ...gtins] };
      changed.add('gtins');
    }
    for (const [language, text] of Object.entries(source.texts)) {
      const own = product.texts[language];
      if (own && (own.description || !text.description)) continue;
      product = {
        ...product,
        texts: { ...product.texts, [language]: own ? { ...own, description: text.description } : text },
      };
      if (!own) changed.add('name');
      if (text.description) changed.add('description');
    }
    for (const field of ['images', 'features'] as const) {
      if (product[field].length === 0 && source[field].length > 0) {
        product = { ...product, [field]: source[field] };
        changed.add(field);
      }
    }
    for (const field of ['mpn', 'manufacturer'] as const) {
      if (!product[field] && source[field]) {
        product = { ...product, [field]: source[field] };
        changed.add(field);
      }
    }
    if (!product.categoryId && source.categoryId) {
      product = { ...product, categoryId: source.categoryId, categoryPathIds: source.categoryPathIds };
      changed.add('category').add('breadcrumbs');
    }
  }
  return changed.size === 0 ? null : { product: { ...product, updatedAt: now }, changedFields: [...changed] };
}

/** A duplicate marked as merged into the target (null when it already is merged). */
export function markMerged(current: ProductRecord, targetId: string, now: string): ProductChange | null {
  if (current.status === 'merged') return null;
  return {
    product: { ...current, status: 'merged', mergedIntoProductId: targetId, updatedAt: now },
    changedFields: ['status', 'merged_into_product_id'],
  };
}

/** A product merged into one of `fromIds`, pointed at `toId` instead (a merge of a merge target). */
export function repointMerged(
  current: ProductRecord,
  fromIds: ReadonlySet<string>,
  toId: string,
  now: string,
): ProductChange | null {
  if (current.status !== 'merged' || !fromIds.has(current.mergedIntoProductId)) return null;
  return {
    product: { ...current, mergedIntoProductId: toId, updatedAt: now },
    changedFields: ['merged_into_product_id'],
  };
}
