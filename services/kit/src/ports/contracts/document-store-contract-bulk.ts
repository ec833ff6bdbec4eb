import type { Document } from '../document-store.js';
import { idsOf, type ContractHarness } from './document-store-contract-harness.js';

interface Offer extends Document {
  readonly price: number;
  readonly shop: { readonly id: string; readonly name: string };
  readonly tags?: readonly string[];
}

const offer = (id: string, price: number): Offer => ({ _id: id, price, shop: { id: 's1', name: 'Shop' }, tags: ['a'] });

export function describeBulkPut(h: ContractHarness): void {
  it('reports inserted, updated and unchanged documents and rewrites only the changed ones', async () => {
    const col = await (
      await h.open()
    ).collection<Offer>({ name: h.uniqueName('bulk'), indexes: [{ fields: ['price'] }] });
    expect(await col.bulkPut([offer('a', 1), offer('b', 2), offer('c', 3)])).toEqual({
      inserted: 3,
      updated: 0,
      unchanged: 0,
    });
    expect(await col.bulkPut([offer('a', 1), offer('b', 20), offer('d', 4)])).toEqual({
      inserted: 1,
      updated: 1,
      unchanged: 1,
    });
    const stored = await col.getMany(['a', 'b', 'c', 'd']);
    expect(stored.map((d) => [d._id, d.price, d._version])).toEqual([
      ['a', 1, 1],
      ['b', 20, 2],
      ['c', 3, 1],
      ['d', 4, 1],
    ]);
  });

  it('counts a document whose keys only come in another order as unchanged', async () => {
    const col = await (await h.open()).collection<Offer>({ name: h.uniqueName('bulk') });
    await col.bulkPut([offer('a', 1)]);
    const reordered = { tags: ['a'], shop: { name: 'Shop', id: 's1' }, price: 1, _id: 'a' };
    expect(await col.bulkPut([reordered])).toEqual({ inserted: 0, updated: 0, unchanged: 1 });
    expect((await col.get('a'))?._version).toBe(1);
  });

  it('counts documents read back and bulkPut again (with their _version) as unchanged', async () => {
    const col = await (await h.open()).collection<Offer>({ name: h.uniqueName('bulk') });
    await col.bulkPut([offer('a', 1), offer('b', 2)]);
    await col.put(offer('b', 2)); // b is now at version 2
    const readBack = await col.find();
    expect(await col.bulkPut(readBack)).toEqual({ inserted: 0, updated: 0, unchanged: 2 });
    expect((await col.find()).map((d) => d._version)).toEqual([1, 2]);
  });

  it('treats a change deep inside a document, or in array order, as a change', async () => {
    const col = await (await h.open()).collection<Offer>({ name: h.uniqueName('bulk') });
    await col.bulkPut([{ ...offer('a', 1), tags: ['x', 'y'] }, offer('b', 2)]);
    const result = await col.bulkPut([
      { ...offer('a', 1), tags: ['y', 'x'] },
      { ...offer('b', 2), shop: { id: 's1', name: 'Shop renamed' } },
    ]);
    expect(result).toEqual({ inserted: 0, updated: 2, unchanged: 0 });
  });

  it('does nothing for an empty list', async () => {
    const col = await (await h.open()).collection<Offer>({ name: h.uniqueName('bulk') });
    expect(await col.bulkPut([])).toEqual({ inserted: 0, updated: 0, unchanged: 0 });
  });

  it('makes bulk-put documents visible to find on indexed fields', async () => {
    const col = await (
      await h.open()
    ).collection<Offer>({ name: h.uniqueName('bulk'), indexes: [{ fields: ['price'] }] });
    await col.bulkPut(Array.from({ length: 50 }, (_, i) => offer(`o${String(i).padStart(2, '0')}`, i % 5)));
    expect(idsOf(await col.find({ price: 3 }))).toEqual([
      'o03',
      'o08',
      'o13',
      'o18',
      'o23',
      'o28',
      'o33',
      'o38',
      'o43',
      'o48',
    ]);
  });
}
