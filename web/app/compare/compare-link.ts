/** A comparison shows two to four products side by side (ADR 116). */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;

/** The query parameters of the compare page: the products, and "only the rows that differ". */
export const COMPARE_PRODUCTS_PARAM = 'products';
export const COMPARE_DIFF_PARAM = 'diff';

/**
 * The compare page of these products: `{comparePath}?products=id1,id2` (`&diff=1`: only the rows
 * that differ). Product ids are URL-safe (letters, digits, _ and -), so the commas stay literal:
 * every link to the same comparison is the same URL, one entry in the shared cache.
 */
export function compareHref(comparePath: string, ids: readonly string[], onlyDifferences = false): string {
  if (ids.length === 0) return comparePath;
  const products = ids.map(encodeURIComponent).join(',');
  return `${comparePath}?${COMPARE_PRODUCTS_PARAM}=${products}${onlyDifferences ? `&${COMPARE_DIFF_PARAM}=1` : ''}`;
}
