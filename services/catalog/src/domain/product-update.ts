import { FALLBACK_LANGUAGE, resolveLanguage, type Localized } from './localized.js';
import { productSlug } from './new-product.js';
import type {
  ProductChange,
  ProductFeatureRecord,
  ProductImageRecord,
  ProductRecord,
  ProductStatusName,
  ProductTextRecord,
} from './product.js';

/** A checked UpdateProduct: only what is set changes (texts per language are added or replaced). */
export interface ProductUpdate {
  readonly texts: Localized<ProductTextRecord>;
  /** '' removes the brand. */
  readonly brandId?: string;
  /** '' leaves the product uncategorised. */
  readonly categoryId?: string;
  readonly mpn?: string;
  readonly manufacturer?: string;
  /** Normalised GTIN-14s, the first shown: the full new list. */
  readonly gtins?: readonly string[];
  readonly images?: readonly ProductImageRecord[];
  readonly features?: readonly ProductFeatureRecord[];
  readonly status?: Exclude<ProductStatusName, 'merged'>;
}

/** What an update resolves before it is applied: the new brand's name and category path. */
export interface UpdateContext {
  readonly brandName: string;
  /** Root-first ids ending with the new category; only read when the update sets a category. */
  readonly categoryPathIds: readonly string[];
  readonly now: string;
}

const sameList = (a: readonly unknown[], b: readonly unknown[]): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The product with the update applied, or null when it changes nothing. */
export function applyProductUpdate(
  current: ProductRecord,
  update: ProductUpdate,
  context: UpdateContext,
): ProductChange | null {
  const changed = new Set<string>();
  const edits = Object.entries(update.texts);
  if (edits.some(([language, text]) => current.texts[language]?.name !== text.name)) changed.add('name');
  if (edits.some(([language, text]) => (current.texts[language]?.description ?? '') !== text.description))
    changed.add('description');
  let next: ProductRecord = { ...current, texts: { ...current.texts, ...update.texts } };
  if (update.brandId !== undefined && update.brandId !== current.brandId) {
    next = { ...next, brandId: update.brandId };
    changed.add('brand');
  }
  if (update.categoryId !== undefined && update.categoryId !== current.categoryId) {
    next = {
      ...next,
      categoryId: update.categoryId,
      categoryPathIds: update.categoryId ? [...context.categoryPathIds] : [],
    };
    changed.add('category').add('breadcrumbs');
  }
  if (update.gtins && !sameList(update.gtins, current.gtins)) {
    if (update.gtins[0] !== current.gtins[0]) changed.add('display_gtin');
    next = { ...next, gtins: [...update.gtins] };
    changed.add('gtins');
  }
  for (const [field, value] of [
    ['images', update.images],
    ['features', update.features],
  ] as const) {
    if (value && !sameList(value, current[field])) {
      next = { ...next, [field]: value.map((item) => ({ ...item })) };
      changed.add(field);
    }
  }
  for (const field of ['mpn', 'manufacturer', 'status'] as const) {
    const value = update[field];
    if (value !== undefined && value !== current[field]) {
      next = { ...next, [field]: value };
      changed.add(field);
    }
  }
  if (changed.size === 0) return null;
  if (changed.has('name') || changed.has('brand')) {
    const name = resolveLanguage(next.texts, FALLBACK_LANGUAGE)?.name ?? '';
    next = { ...next, sortName: name.toLowerCase(), slug: productSlug(context.brandName, name) };
    if (next.slug !== current.slug) changed.add('slug');
  }
  return { product: { ...next, updatedAt: context.now }, changedFields: [...changed] };
}
