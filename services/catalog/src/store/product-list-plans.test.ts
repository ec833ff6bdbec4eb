import { openPlannedStore, type PlannedStore } from '@pc/sqlite-document-store/testing/query-plans';
import type { ProductRecord, ProductStatusName } from '../domain/product.js';
import { ProductRepository, type ProductListOrder } from './product-repository.js';

// The shopping panel's products table finds products by the start of their name, every status, in
// any of its orders. At a million products a list that walks the table instead of a sort-name range
// takes seconds, on a test's rows a millisecond: so these tests check the answers and SQLite's plan.

let planned: PlannedStore;
let products: ProductRepository;

const product = (id: string, name: string, brandId: string, status: ProductStatusName, day: number): ProductRecord => ({
  _id: id,
  slug: id,
  texts: { en: { name, description: '' } },
  sortName: name.toLowerCase(),
  brandId,
  categoryId: 'c1',
  categoryPathIds: ['c1'],
  images: [],
  gtins: [],
  mpn: '',
  manufacturer: '',
  features: [],
  rating: null,
  status,
  mergedIntoProductId: '',
  origin: { kind: 'offer_match', shopId: 's', shopOfferId: id },
  createdAt: `2026-11-${String(day).padStart(2, '0')}T00:00:00.000Z`,
  updatedAt: `2026-11-${String(day).padStart(2, '0')}T00:00:00.000Z`,
});

const PAGE = { page: 1, hitsPerPage: 20, skip: 0 };

beforeAll(async () => {
  planned = await openPlannedStore();
  products = await ProductRepository.open(planned.store);
  await products.insertMany([
    product('p1', 'Sony WH-1000XM5 headphones', 'sony', 'active', 1),
    product('p2', 'Sony WF-1000XM5 earbuds', 'sony', 'hidden', 2),
    product('p3', 'Sonos Era 100', 'sonos', 'active', 3),
    product('p4', 'Bose QuietComfort Ultra', 'bose', 'active', 4),
    product('p5', 'The Sony story (book)', 'other', 'active', 5),
    ...Array.from({ length: 600 }, (_, i) => product(`q${i}`, `Quiet product ${i}`, 'bose', 'active', 6)),
  ]);
  // Past 500 writes the store estimates the planner's statistics, on a later turn of the event loop:
  // what a real catalog's store has long had, and what tells SQLite that a status is no narrow filter.
  await new Promise((resolve) => setTimeout(resolve, 20));
});

afterAll(async () => {
  await planned.close();
});

describe('the products list by the start of a name', () => {
  it('finds the names starting with the prefix, every status or active only, in each order', async () => {
    const ids = async (namePrefix: string, order: ProductListOrder, includeInactive = true) =>
      (await products.list({ namePrefix, includeInactive }, order, PAGE)).items.map((p) => p._id);
    expect(await ids('sony ', 'name')).toEqual(['p2', 'p1']);
    expect(await ids('sony ', 'newest')).toEqual(['p2', 'p1']);
    expect(await ids('sony ', 'name', false)).toEqual(['p1']);
    expect(await ids('son', 'name')).toEqual(['p3', 'p2', 'p1']);
    // Only the start: "The Sony story" does not start with "sony".
    expect(await ids('sony', 'updated')).not.toContain('p5');
    expect(await products.list({ namePrefix: 'son', brandId: 'sony', includeInactive: true }, 'name', PAGE)).toEqual({
      items: [expect.objectContaining({ _id: 'p2' }), expect.objectContaining({ _id: 'p1' })],
      total: 2,
    });
  });

  it('reads a sort-name index range for every order, with or without a brand, never the whole table', async () => {
    const from = planned.finds.length;
    for (const order of ['name', 'newest', 'updated'] as const) {
      await products.list({ namePrefix: 'quiet', includeInactive: true }, order, PAGE);
      await products.list({ namePrefix: 'quiet', includeInactive: false }, order, PAGE);
      await products.list({ namePrefix: 'quiet', brandId: 'bose', includeInactive: true }, order, PAGE);
    }
    const plans = planned.finds.slice(from).map((find) => planned.planOf(find));
    expect(plans).toHaveLength(9);
    for (const plan of plans) {
      expect(plan).toMatch(/^SEARCH t USING (COVERING )?INDEX cx_products\((brandId,)?sortName\) \(/);
      expect(plan).toContain('x:sortName>? AND x:sortName<?');
    }
    // The name order (the first three) reads the range in order: nothing to sort.
    expect(plans.slice(0, 3).filter((plan) => /TEMP B-TREE/.test(plan))).toEqual([]);
  });
});
