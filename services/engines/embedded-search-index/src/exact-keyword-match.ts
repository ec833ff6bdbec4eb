import { foldCase } from '@pc/text-analysis/fold';
import { barcodeForms } from '@pc/kit/ports/support/search/barcode-forms';
import type { DocValues } from './doc-values.js';
import { distinctRows } from './row-sets.js';

/**
 * Documents whose keyword value equals the whole query (case and diacritics aside), so a GTIN,
 * an MPN or a brand typed exactly finds its documents even when no text field holds it. A
 * barcode also matches its zero-padded forms: GTIN-8/12/13 as typed and GTIN-14 as stored.
 * Ascending and distinct; maybe a column's cached array, so callers must not write to it.
 */
export function exactKeywordRows(values: DocValues, text: string): Int32Array {
  const query = foldCase(text.trim());
  if (query === '') return NO_ROWS;
  const variants = barcodeForms(query);
  const found: Int32Array[] = [];
  for (const column of values.keywords) {
    const ordinals = new Set(variants.flatMap((variant) => column.ordinalsFolded(variant)));
    if (ordinals.size > 0) found.push(column.rowsWithAny(ordinals));
  }
  // Rows found through several columns (a brand that is also an MPN) appear once.
  return found.length === 0 ? NO_ROWS : distinctRows(found);
}

const NO_ROWS = new Int32Array(0);
