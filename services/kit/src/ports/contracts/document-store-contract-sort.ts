import { InvalidArgumentError } from '../../errors/domain-errors.js';
import type { FindOptions } from '../document-store.js';
import { seedProducts } from './document-store-contract-fixtures.js';
import { idsOf, type ContractHarness } from './document-store-contract-harness.js';

// Type order as in MongoDB: missing/null < numbers < strings. Ties go by _id, in the direction
// of the last sort key.
const SORTS: readonly (readonly [string, FindOptions['sort'], readonly string[]])[] = [
  ['no sort: by _id', undefined, ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7']],
  ['ascending, ties by _id ascending', { price: 1 }, ['p7', 'p5', 'p3', 'p1', 'p4', 'p2', 'p6']],
  ['descending, ties by _id descending', { price: -1 }, ['p6', 'p2', 'p4', 'p1', 'p3', 'p5', 'p7']],
  ['two keys in their order', { brand: 1, price: -1 }, ['p6', 'p5', 'p2', 'p1', 'p7', 'p3', 'p4']],
  ['a nested field', { 'dims.w': 1 }, ['p4', 'p5', 'p6', 'p3', 'p7', 'p1', 'p2']],
  ['_id descending', { _id: -1 }, ['p7', 'p6', 'p5', 'p4', 'p3', 'p2', 'p1']],
];

export function describeSortAndPaging(h: ContractHarness): void {
  it.each(SORTS)('sorts %s', async (_what, sort, expected) => {
    const col = await seedProducts(await h.open(), h.uniqueName('sort'));
    expect(idsOf(await col.find({}, sort ? { sort } : {}))).toEqual(expected);
  });

  it('sorts the results of a filter on the sorted field', async () => {
    const col = await seedProducts(await h.open(), h.uniqueName('sort'));
    expect(idsOf(await col.find({ brand: 'acme' }, { sort: { price: -1 } }))).toEqual(['p2', 'p1', 'p7']);
    expect(idsOf(await col.find({ price: 1999 }, { sort: { price: -1 } }))).toEqual(['p4', 'p1']);
    expect(idsOf(await col.find({ price: { $gte: 99 } }, { sort: { price: 1 }, limit: 2 }))).toEqual(['p3', 'p1']);
  });

  it('pages with skip and limit through the sorted results without gaps or repeats', async () => {
    const col = await seedProducts(await h.open(), h.uniqueName('page'));
    const sort = { price: 1 } as const;
    const all = idsOf(await col.find({}, { sort }));
    const pages: string[] = [];
    for (let skip = 0; skip < 9; skip += 3) pages.push(...idsOf(await col.find({}, { sort, skip, limit: 3 })));
    expect(pages).toEqual(all);
    expect(idsOf(await col.find({}, { sort, skip: 5 }))).toEqual(all.slice(5));
    expect(await col.find({}, { sort, skip: 7 })).toEqual([]);
    expect(await col.find({}, { limit: 0 })).toEqual([]);
    expect(idsOf(await col.find({ brand: 'acme' }, { skip: 1, limit: 1 }))).toEqual(['p2']);
  });

  it('gives the ids of what find returns, in its order, with skip and limit', async () => {
    const col = await seedProducts(await h.open(), h.uniqueName('ids'));
    const cases: [Parameters<typeof col.find>[0], FindOptions][] = [
      [{}, {}],
      [{ brand: 'acme' }, { sort: { price: -1 } }],
      [{ price: { $gte: 99 } }, { sort: { price: 1 }, limit: 2 }],
      [{ inStock: true }, { sort: { brand: 1, price: -1 }, skip: 1 }],
      [{ brand: 'nobody' }, {}],
    ];
    for (const [filter, options] of cases)
      expect(await col.findIds(filter, options)).toEqual(idsOf(await col.find(filter, options)));
    expect(await col.findIds({ brand: 'acme' }, { sort: { price: -1 } })).toEqual(['p2', 'p1', 'p7']);
    expect(await col.findIds({}, { limit: 0 })).toEqual([]);
    await expect(col.findIds({}, { skip: -1 })).rejects.toBeInstanceOf(InvalidArgumentError);
  });

  it('counts all documents or those matching a filter', async () => {
    const col = await seedProducts(await h.open(), h.uniqueName('count'));
    expect(await col.count()).toBe(7);
    expect(await col.count({ inStock: true, price: { $gte: 1000 } })).toBe(2);
    expect(await col.count({ brand: 'nobody' })).toBe(0);
  });

  it.each([
    ['a sort direction other than 1 or -1', { sort: { price: 0 } }],
    ['a sort path with SQL in it', { sort: { 'price DESC; DROP TABLE x': 1 } }],
    ['a negative skip', { skip: -1 }],
    ['a fractional limit', { limit: 2.5 }],
  ])('rejects %s with InvalidArgumentError', async (_what, options) => {
    const col = await seedProducts(await h.open(), h.uniqueName('bad'));
    await expect(col.find({}, options as FindOptions)).rejects.toBeInstanceOf(InvalidArgumentError);
  });
}
