import { DB_VERSION, STORES, upgradeStores } from './schema';

describe('browser database', () => {
  it('is version 5 with the four stores of spec §3', () => {
    expect(DB_VERSION).toBe(5);
    expect(STORES).toEqual({ products: 'id', brands: 'slug', shops: 'id', categories: 'id' });
  });

  it('drops every store, old or current, and creates the four again on upgrade', () => {
    const calls: string[] = [];
    upgradeStores({
      objectStoreNames: ['products', 'offers_v4'],
      deleteObjectStore: (name) => calls.push(`drop ${name}`),
      createObjectStore: (name, { keyPath }) => calls.push(`create ${name}(${keyPath})`),
    });
    expect(calls).toEqual([
      'drop products',
      'drop offers_v4',
      'create products(id)',
      'create brands(slug)',
      'create shops(id)',
      'create categories(id)',
    ]);
  });
});
