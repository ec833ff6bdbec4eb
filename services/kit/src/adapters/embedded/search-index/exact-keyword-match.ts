import { foldCase } from '../../../text/fold.js';
import { barcodeForms } from '../../shared-search/barcode-forms.js';
import type { DocValues } from './doc-values.js';

/**
 * Documents whose keyword value equals the whole query (case and diacritics aside), so a GTIN,
 * an MPN or a brand typed exactly finds its documents even when no text field holds it. A
 * barcode also matches its zero-padded forms: GTIN-8/12/13 as typed and GTIN-14 as stored.
 */
export function exactKeywordRows(values: DocValues, text: string): Set<number> {
  const rows = new Set<number>();
  const query = foldCase(text.trim());
  if (query === '') return rows;
  const variants = barcodeForms(query);
  for (const column of values.keywords) {
    const ordinals = new Set(variants.flatMap((variant) => column.ordinalsFolded(variant)));
    if (ordinals.size > 0) column.addRowsWithAny(ordinals, rows);
  }
  return rows;
}
