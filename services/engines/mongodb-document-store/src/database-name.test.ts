import { mongoDatabaseName } from './database-name.js';

describe('mongoDatabaseName', () => {
  it('names one database per service, under the namespace when there is one', () => {
    expect(mongoDatabaseName('search-bench.core')).toBe('pricecompare_search_bench_core');
    expect(mongoDatabaseName('offers', 'e2e-1a2b')).toBe('e2e_1a2b_pricecompare_offers');
  });
});
