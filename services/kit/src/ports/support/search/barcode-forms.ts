const BARCODE = /^(\d{8}|\d{12,14})$/;

/**
 * The forms a typed value is looked up in among keyword values. A barcode (8, 12, 13 or 14
 * digits) also matches its zero-padded forms, so a GTIN-8/12/13 as typed finds the GTIN-14 as
 * stored (docs/architecture.md §6); anything else only as it is. Expects folded, trimmed text.
 */
export function barcodeForms(query: string): string[] {
  if (!BARCODE.test(query)) return [query];
  const bare = query.replace(/^0+/, '');
  const forms = new Set([query]);
  for (const length of [8, 12, 13, 14]) if (bare.length <= length) forms.add(bare.padStart(length, '0'));
  return [...forms];
}
