/** What a cell shows when its product has no value for the row's attribute. */
export const MISSING = '—';

/** One product's specification rows, [name, value], in its product page's order. */
export type SpecificationRows = readonly (readonly [string, string])[];

/** One attribute across the compared products: a value per product (MISSING where it has none). */
export interface AttributeRow {
  readonly name: string;
  readonly values: readonly string[];
  /** Not every product shows the same value: the row stays when only differences are shown. */
  readonly differs: boolean;
}

/** Values compared as a visitor reads them: spacing and letter case make no difference. */
const comparable = (value: string): string => value.trim().replace(/\s+/g, ' ').toLowerCase();

/** Whether the products' values of a row differ (a missing value differs from any value). */
export const valuesDiffer = (values: readonly string[]): boolean => new Set(values.map(comparable)).size > 1;

/**
 * A product's rows under keys that tell a repeated attribute name apart ("Size", "Size#2"), so a
 * product listing one name twice keeps both rows.
 */
function keyedRows(rows: SpecificationRows): { key: string; name: string; value: string }[] {
  const seen = new Map<string, number>();
  return rows.map(([name, value]) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return { key: count === 1 ? name : `${name}#${count}`, name, value };
  });
}

/**
 * One row per attribute that any product has, each product's value or MISSING. The order keeps
 * every product's own order (the product page's: identifiers, then the features as catalog lists
 * them): an attribute only a later product has goes right after the attribute it follows there.
 */
export function attributeRows(products: readonly SpecificationRows[]): AttributeRow[] {
  const keyed = products.map(keyedRows);
  const order: { key: string; name: string }[] = [];
  for (const rows of keyed) {
    let at = -1;
    for (const row of rows) {
      const found = order.findIndex((entry) => entry.key === row.key);
      if (found >= 0) at = found;
      else {
        at += 1;
        order.splice(at, 0, { key: row.key, name: row.name });
      }
    }
  }
  const values = keyed.map((rows) => new Map(rows.map((row) => [row.key, row.value])));
  return order.map(({ key, name }) => {
    const cells = values.map((byKey) => byKey.get(key) ?? MISSING);
    return { name, values: cells, differs: valuesDiffer(cells) };
  });
}

/** The rows a visitor asked to see: all, or only those whose values differ. */
export const shownRows = <T extends { readonly differs: boolean }>(
  rows: readonly T[],
  onlyDifferences: boolean,
): T[] => (onlyDifferences ? rows.filter((row) => row.differs) : [...rows]);

/** What the first rows of a comparison show of each product (brand, rating, lowest price). */
export interface OverviewValues {
  readonly brand: { readonly name: string } | null;
  readonly rating: { readonly value: number; readonly count: number } | null;
  readonly price: { readonly amount: number; readonly currency: string; readonly offers: number } | null;
}

/** Whether the products differ in brand, rating and lowest price (with its number of offers). */
export function overviewDiffers(products: readonly OverviewValues[]): {
  brand: boolean;
  rating: boolean;
  price: boolean;
} {
  return {
    brand: valuesDiffer(products.map((p) => p.brand?.name ?? MISSING)),
    rating: valuesDiffer(products.map((p) => (p.rating ? `${p.rating.value}/${p.rating.count}` : MISSING))),
    price: valuesDiffer(
      products.map((p) => (p.price ? `${p.price.amount} ${p.price.currency} ${p.price.offers}` : MISSING)),
    ),
  };
}
