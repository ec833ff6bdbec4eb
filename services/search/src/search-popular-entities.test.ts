import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EntitySort } from '@pc/proto/common/v1/sort';
import { eventually } from './testing/eventually.js';
import { clickRecorded, productChanged, productCreated, shopChanged } from './testing/event-fixtures.js';
import { startSearch, type SearchHarness } from './testing/search-harness.js';

const DAY_MS = 86_400_000;
const KITCHEN = [
  ['home', 'Home'],
  ['kitchen', 'Kitchen'],
] as const;
const GARDEN = [
  ['home', 'Home'],
  ['garden', 'Garden'],
] as const;
const TOOLS = [['tools', 'Tools']] as const;

const ZEST = { slug: 'zest', name: 'Zest' };
const ALTO = { slug: 'alto', name: 'Alto' };

/** Brands, categories and shops most clicked over the last 30 UTC days first (ADR 117). */
describe('brands, categories and shops by their clicks (EntitySort POPULARITY, app.ts over gRPC)', () => {
  let dataDir: string;
  let search: SearchHarness;

  const list = (sort: EntitySort, query = '') => ({
    query,
    language: 'en',
    country: '',
    sort,
    facets: [] as string[],
    suggest: [] as string[],
    refinements: [],
  });
  const brands = async (sort = EntitySort.ENTITY_SORT_POPULARITY, query = '') =>
    (await search.client.searchBrands(list(sort, query))).hits.map((hit) => hit.slug);
  const categories = async (sort = EntitySort.ENTITY_SORT_POPULARITY) =>
    (await search.client.searchCategories(list(sort))).hits.map((hit) => hit.categoryId);
  const shops = async (sort = EntitySort.ENTITY_SORT_POPULARITY) =>
    (await search.client.searchShops(list(sort))).hits.map((hit) => hit.shopId);

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'search-popular-'));
    search = await startSearch({ SEARCH_POPULARITY_FLUSH_MS: '100' }, dataDir);
    await search.publish(
      productCreated({ id: 'kettle', names: { en: 'Kettle' }, brand: ZEST, path: KITCHEN }),
      productCreated({ id: 'toaster', names: { en: 'Toaster' }, brand: ZEST, path: KITCHEN }),
      productCreated({ id: 'mower', names: { en: 'Lawn mower' }, brand: ALTO, path: GARDEN }),
      productCreated({ id: 'drill', names: { en: 'Drill' }, brand: { slug: 'bolt', name: 'Bolt' }, path: TOOLS }),
      productCreated({ id: 'saw', names: { en: 'Saw' }, brand: { slug: 'able', name: 'Able' }, path: TOOLS }),
      shopChanged('s-alpen', { name: 'Alpenhaus', countries: ['CH'], version: 1 }),
      shopChanged('s-rhein', { name: 'Rheinmarkt', countries: ['CH'], version: 1 }),
      shopChanged('s-zug', { name: 'Zugmarkt', countries: ['CH'], version: 1 }),
    );
    await eventually(async () => {
      expect(await brands(EntitySort.ENTITY_SORT_NAME)).toEqual(['able', 'alto', 'bolt', 'zest']);
      expect(await shops(EntitySort.ENTITY_SORT_NAME)).toEqual(['s-alpen', 's-rhein', 's-zug']);
    });
  });

  afterAll(async () => {
    await search?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('offers the popular sort in every list, by name while nothing was clicked', async () => {
    const offered = await search.client.searchBrands(list(EntitySort.ENTITY_SORT_POPULARITY));
    expect(offered.sortOptions.map((option) => [option.key, option.selected])).toEqual([
      ['name', false],
      ['products', false],
      ['new', false],
      ['popular', true],
    ]);
    for (const response of [
      await search.client.searchCategories(list(EntitySort.ENTITY_SORT_NAME)),
      await search.client.searchShops(list(EntitySort.ENTITY_SORT_NAME)),
    ])
      expect(response.sortOptions.map((option) => option.key)).toContain('popular');
    expect(await brands()).toEqual(['able', 'alto', 'bolt', 'zest']);
    expect(await categories()).toEqual(['garden', 'home', 'kitchen', 'tools']);
    expect(await shops()).toEqual(['s-alpen', 's-rhein', 's-zug']);
  });

  it('lists the most clicked of the last 30 days first, a redelivered click once, each category with its subcategories', async () => {
    const now = Date.now();
    const click = (id: string, productId: string, shopId: string, clickedAt = new Date(now - DAY_MS)) =>
      clickRecorded(id, { productId, shopId, country: 'CH', clickedAt });
    const mowerClick = click('c-mower-1', 'mower', 's-zug');
    await search.publish(
      // Zest: three clicks (Alpenhaus two, Zugmarkt one), home and kitchen three.
      click('c-kettle-1', 'kettle', 's-alpen', new Date(now)),
      click('c-kettle-2', 'kettle', 's-zug'),
      click('c-toaster-1', 'toaster', 's-alpen', new Date(now - 29 * DAY_MS)),
      // Alto: two clicks at Zugmarkt, home and garden two; the redelivery would tie it with Zest.
      mowerClick,
      click('c-mower-2', 'mower', 's-zug'),
      mowerClick,
      // Bolt, tools and Rheinmarkt: clicks of 31 and 40 days ago are out of the window.
      ...Array.from({ length: 5 }, (_, i) => click(`c-drill-${i}`, 'drill', 's-rhein', new Date(now - 40 * DAY_MS))),
      click('c-drill-old', 'drill', 's-rhein', new Date(now - 31 * DAY_MS)),
    );
    await eventually(async () => {
      expect(await brands()).toEqual(['zest', 'alto', 'able', 'bolt']);
      expect(await categories()).toEqual(['home', 'kitchen', 'garden', 'tools']);
      expect(await shops()).toEqual(['s-zug', 's-alpen', 's-rhein']);
    });
    // The other sorts are as they were; a text search sorted by popularity too.
    expect(await brands(EntitySort.ENTITY_SORT_NAME)).toEqual(['able', 'alto', 'bolt', 'zest']);
    expect(await brands(EntitySort.ENTITY_SORT_POPULARITY, 'a')).toEqual(['alto', 'able']);
  });

  it('keeps the clicks when product events rewrite the brands and categories, and when the indices are rebuilt', async () => {
    await search.publish(
      productChanged({
        id: 'mower',
        version: 2,
        names: { en: 'Lawn mower' },
        brand: { ...ALTO, productsCount: 9 },
        path: GARDEN,
      }),
      productChanged({
        id: 'drill',
        version: 2,
        names: { en: 'Drill' },
        brand: { slug: 'bolt', name: 'Bolt', productsCount: 9 },
        path: TOOLS,
      }),
      productCreated({ id: 'grill', names: { en: 'Grill' }, brand: { slug: 'able', name: 'Able' }, path: GARDEN }),
    );
    await eventually(async () =>
      expect(
        (await search.client.searchBrands(list(EntitySort.ENTITY_SORT_NAME))).hits.map((hit) =>
          Number(hit.productsCount),
        ),
      ).toEqual([1, 9, 9, 1]),
    );
    expect(await brands()).toEqual(['zest', 'alto', 'able', 'bolt']);
    expect(await categories()).toEqual(['home', 'kitchen', 'garden', 'tools']);

    // The engine loses its indices; they are rebuilt from the side state at the next start.
    await search.stop();
    const file = join(dataDir, 'search', 'search.sqlite');
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    search = await startSearch({ SEARCH_POPULARITY_FLUSH_MS: '100' }, dataDir);
    expect(await brands()).toEqual(['zest', 'alto', 'able', 'bolt']);
    expect(await categories()).toEqual(['home', 'kitchen', 'garden', 'tools']);
    expect(await shops()).toEqual(['s-zug', 's-alpen', 's-rhein']);
  });

  it("orders a list limited to a country by the clicks from that country's site", async () => {
    const click = (id: string, shopId: string, country: string) =>
      clickRecorded(id, { productId: 'saw', shopId, country, clickedAt: new Date() });
    await search.publish(
      shopChanged('s-nord', { name: 'Nordhaus', countries: ['CH', 'DE'], version: 1 }),
      shopChanged('s-sued', { name: 'Suedhaus', countries: ['CH', 'DE'], version: 1 }),
      // Nordhaus is followed from the German site, Suedhaus from the Swiss one.
      ...['c-n1', 'c-n2', 'c-n3', 'c-n4'].map((id) => click(id, 's-nord', 'DE')),
      click('c-s1', 's-sued', 'CH'),
    );
    const inCountry = async (country: string) =>
      (await search.client.searchShops({ ...list(EntitySort.ENTITY_SORT_POPULARITY), country })).hits.map(
        (hit) => hit.shopId,
      );
    await eventually(async () => {
      expect(await inCountry('DE')).toEqual(['s-nord', 's-sued']);
      // In Switzerland Nordhaus has no click: after every shop clicked there, by name.
      expect(await inCountry('CH')).toEqual(['s-zug', 's-alpen', 's-sued', 's-nord', 's-rhein']);
      // Every country's clicks: Nordhaus's four first.
      expect((await shops()).slice(0, 2)).toEqual(['s-nord', 's-zug']);
    });
  });
});
