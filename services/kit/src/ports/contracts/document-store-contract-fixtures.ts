import type { Collection, Document, DocumentStore } from '../document-store.js';

/** A catalogue with the awkward cases: missing and null fields, mixed types, arrays and not. */
export interface Product extends Document {
  readonly name: string;
  readonly price?: number | string;
  readonly brand?: string | null;
  readonly inStock: boolean | number;
  readonly tags?: readonly string[] | string;
  readonly dims?: { readonly w: number; readonly h?: number };
  readonly variants?: readonly { readonly color: string; readonly size?: string }[] | { readonly color: string };
}

export const PRODUCTS: readonly Product[] = [
  {
    _id: 'p1',
    name: 'Anvil',
    price: 1999,
    brand: 'acme',
    inStock: true,
    tags: ['tools', 'heavy'],
    dims: { w: 30, h: 20 },
    variants: [{ color: 'black', size: 'L' }],
  },
  {
    _id: 'p2',
    name: 'Rocket',
    price: 49999,
    brand: 'acme',
    inStock: false,
    tags: ['travel'],
    dims: { w: 200, h: 50 },
    variants: [{ color: 'red' }, { color: 'white' }],
  },
  { _id: 'p3', name: 'Banana', price: 99, brand: 'chiquita', inStock: true, tags: [], dims: { w: 3 } },
  {
    _id: 'p4',
    name: 'Zeppelin',
    price: 1999,
    brand: 'hindenburg',
    inStock: true,
    tags: 'airship',
    variants: { color: 'silver' },
  },
  { _id: 'p5', name: 'Ünïcode', price: 0, brand: null, inStock: false, tags: ['heavy', 'travel'] },
  { _id: 'p6', name: '100', price: '1999', inStock: true },
  { _id: 'p7', name: 'abacus', brand: 'acme', inStock: 1, dims: { w: 12, h: 4 } },
];

/**
 * A fresh collection holding PRODUCTS, with indexes on some of the queried fields (single,
 * compound, nested, on an array field) so indexed and unindexed paths are both exercised.
 */
export async function seedProducts(store: DocumentStore, name: string): Promise<Collection<Product>> {
  const col = await store.collection<Product>({
    name,
    indexes: [{ fields: ['price'] }, { fields: ['brand', 'price'] }, { fields: ['dims.w'] }, { fields: ['tags'] }],
  });
  await col.bulkPut(PRODUCTS);
  return col;
}
