import type { GoogleTaxonomy } from './google-taxonomy.js';
import type { IssueList } from './feed-issue.js';

/** What a `google_product_category` value resolves to. */
export interface CategoryResolution {
  readonly id: number;
  /** The taxonomy path of the id, or the text path as given. */
  readonly path: string;
}

const FIELD = 'google_product_category';

/**
 * Reads `google_product_category`, a numeric id or a text path ("Home & Garden > Decor"). With a
 * taxonomy: an id or path it does not hold is `category_unknown`, and a category whose own name
 * shares no word with the item's title and product_type is `category_mismatch` (gloves filed
 * under "Jewelry"), judged with the taxonomy's names in the feed's language. Without one, only the form is checked (`category_format`). All are warnings:
 * the category helps matching, the offer does not depend on it.
 */
export function resolveCategory(
  text: string,
  taxonomy: GoogleTaxonomy | null,
  context: { title: string; productType: string; language: string },
  issues: IssueList,
): CategoryResolution {
  const value = text.trim();
  if (/^\d+$/.test(value)) {
    const id = Number(value);
    if (!Number.isSafeInteger(id) || id <= 0) {
      issues.warning(FIELD, 'category_format', value);
      return { id: 0, path: '' };
    }
    if (!taxonomy) return { id, path: '' };
    if (!taxonomy.has(id)) {
      issues.warning(FIELD, 'category_unknown', value);
      return { id: 0, path: '' };
    }
    // The fit is judged in the feed's language only: English names never fit a Turkish title.
    const path = taxonomy.pathOf(id, context.language);
    if (path !== undefined && !fits(path, context)) issues.warning(FIELD, 'category_mismatch', `${id} ${path}`);
    return { id, path: path ?? taxonomy.pathOf(id, 'en') ?? '' };
  }
  if (!/\p{L}/u.test(value)) {
    issues.warning(FIELD, 'category_format', value);
    return { id: 0, path: '' };
  }
  if (!taxonomy) return { id: 0, path: value };
  const found = taxonomy.find(value);
  if (found === undefined) {
    issues.warning(FIELD, 'category_unknown', value);
    return { id: 0, path: value };
  }
  if (found.language === context.language && !fits(value, context)) issues.warning(FIELD, 'category_mismatch', value);
  return { id: found.id, path: value };
}

/** Whether the category's own (last) name shares a word with the item's title or product type. */
function fits(path: string, context: { title: string; productType: string }): boolean {
  const leaf = path.split('>').pop() ?? '';
  const leafWords = words(leaf);
  if (leafWords.size === 0) return true;
  const itemWords = words(`${context.title} ${context.productType}`);
  if (itemWords.size === 0) return true;
  for (const word of leafWords) for (const other of itemWords) if (sameWord(word, other)) return true;
  return false;
}

/** Equal, or alike but for an inflected ending ("glove"/"gloves", "class"/"classes"). */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const shorter = Math.min(a.length, b.length);
  return shorter >= 4 && Math.abs(a.length - b.length) <= 2 && a.slice(0, shorter - 1) === b.slice(0, shorter - 1);
}

/** Words of three letters or more, folded (case, accents). */
function words(text: string): Set<string> {
  const folded = text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return new Set(folded.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 3));
}
