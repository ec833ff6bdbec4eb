import type { Product } from '@pc/proto/catalog/v1/types';
import { pageParts } from './page-parts.server';
import { keptProduct } from './product-page-parts.server';
import { pagePartsTogether, sitePageParts } from './site-page-parts.server';

jest.mock('~/services/catalog.server', () => ({ categoryTree: jest.fn() }));

const store = () => pageParts({ maxAgeMs: 60_000, maxEntries: 10 });

describe('page parts together (ADR 131)', () => {
  it('tells each store the changes it hears, the follower’s sayings, and adds up their counts', async () => {
    const products = store();
    const names = store();
    const parts = pagePartsTogether([{ parts: products }, { parts: names, hears: (tag) => tag === 'categories' }]);
    const productLoad = jest.fn(async () => 'product');
    const namesLoad = jest.fn(async () => 'names');
    await products.read('p1', productLoad, () => ['product:p1']);
    await names.read('de', namesLoad, () => ['categories']);
    await names.read('de', namesLoad, () => ['categories']);
    expect(parts.size()).toBe(2);
    expect(parts.stats).toMatchObject({ hits: 1, misses: 2 });

    parts.changed(['product:p1']);
    expect(parts.size()).toBe(1);
    parts.changed(['categories']);
    expect(parts.size()).toBe(0);
    expect(parts.stats.changed).toBe(2);

    expect(parts.followedNow()).toBe(false);
    parts.followed(Date.now(), 10_000);
    expect(products.followedNow() && names.followedNow()).toBe(true);
  });

  it('drops a kept product when a category of its trail changes, not for another category', async () => {
    const product = (name: string) =>
      ({ id: 'p9', name, breadcrumbs: [{ id: 'audio' }], category: { id: 'headphones' } }) as unknown as Product;
    const load = jest.fn(async () => product('WH-1000'));
    await keptProduct('p9', 'de', load);
    sitePageParts.changed(['categories', 'category:phones']);
    await keptProduct('p9', 'de', load);
    expect(load).toHaveBeenCalledTimes(1);
    sitePageParts.changed(['categories', 'category:audio']);
    await keptProduct('p9', 'de', load);
    expect(load).toHaveBeenCalledTimes(2);
    sitePageParts.changed(['categories', 'category:headphones']);
    await keptProduct('p9', 'de', load);
    expect(load).toHaveBeenCalledTimes(3);
  });
});
