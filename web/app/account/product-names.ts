/** Product names by id in the page's language; a product the catalogue no longer shows has none. */
export type ProductNames = ReadonlyMap<string, string>;

/** The product's name, or null where the catalogue no longer shows it. */
export const nameOf = (names: ProductNames, productId: string): string | null => names.get(productId) ?? null;
