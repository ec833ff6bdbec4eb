/**
 * The browser database of spec §3: named as the product, version 5, four stores; every upgrade
 * drops all stores and creates them again (it is a cache: nothing in it needs migrating).
 */
export const DB_NAME = 'pricecompare';
export const DB_VERSION = 5;

export const STORES = { products: 'id', brands: 'slug', shops: 'id', categories: 'id' } as const;
export type StoreName = keyof typeof STORES;

/** The part of IDBDatabase an upgrade uses (a fake in tests). */
export interface UpgradableDb {
  readonly objectStoreNames: ArrayLike<string>;
  deleteObjectStore(name: string): void;
  createObjectStore(name: string, options: { keyPath: string }): unknown;
}

export function upgradeStores(db: UpgradableDb): void {
  for (const name of Array.from(db.objectStoreNames)) db.deleteObjectStore(name);
  for (const [name, keyPath] of Object.entries(STORES)) db.createObjectStore(name, { keyPath });
}
