// SearchProducts against an existing embedded index, in process (no gRPC, no platform): the
// engine's own cost on bench:core's query mix, sorted by price or rating, and again ordered by
// relevance (the default with a query), side by side. Printed, never timed as a test. Run from
// the repository root, with search stopped (it opens the file):
//
//   node -r ./scripts/jest/ts-register.cjs services/search/src/bench/query-bench.ts \
//     <DATA_DIR>/search/search.sqlite [rounds]
//
// QUERY_THREADS=n sends every search to one of n query threads (to compare a thread's cost
// with the calling thread's).
// Round 1 of each mix warms the text-match cache (and, for relevance, the postings) and is
// printed on its own; `rounds` (default 3) more are counted after it. The queries are built like scripts/bench/core/queries.mjs: words of the first 100 hits'
// names, a third of them two words, a quarter refined to a brand.
import { openEmbeddedSearchIndex } from '@pc/embedded-search-index/embedded-search-index';
import { ProductSort } from '@pc/proto/common/v1/sort';
import { SearchProductsRequest } from '@pc/proto/search/v1/search';
import type { ProductDocument } from '../domain/product-document.js';
import { PRODUCT_INDEX_SCHEMA } from '../domain/product-fields.js';
import { parseProductQuery } from '../grpc/product-request.js';
import { searchProducts } from '../queries/product-search.js';
import type { SearchIndices } from '../store/search-indices.js';

const WORDS = /[\p{L}]{4,}/gu;
const print = (line: string): void => void process.stdout.write(`${line}\n`);
const QUERIES = 200;

async function main(): Promise<void> {
  const [path, roundsArg] = process.argv.slice(2);
  if (path === undefined) throw new Error('usage: query-bench.ts <search.sqlite> [rounds]');
  const rounds = Number(roundsArg ?? 3);
  const opened = performance.now();
  const queryThreads = Number(process.env.QUERY_THREADS ?? 0);
  const engine = await openEmbeddedSearchIndex({ path, queryThreads, waitForQueryThread: queryThreads > 0 });
  const products = await engine.index<ProductDocument>(PRODUCT_INDEX_SCHEMA);
  await engine.loaded?.();
  // Only the product index is read by SearchProducts without a similar-to filter.
  const indices = { products } as unknown as SearchIndices;
  print(
    `opened ${(await products.count()).toLocaleString('en')} products in ${((performance.now() - opened) / 1000).toFixed(1)} s`,
  );

  const query = (partial: Partial<SearchProductsRequest>) =>
    parseProductQuery(SearchProductsRequest.fromPartial({ language: 'de', country: 'CH', ...partial }));
  const sample = await searchProducts(indices, query({ page: { page: 1, hitsPerPage: 100 }, facets: ['brand'] }));
  const words = [...new Set(sample.main.hits.flatMap((hit) => String(hit.document.name_de ?? '').match(WORDS) ?? []))];
  const brands = (sample.facets.get('brand') ?? []).map((bucket) => bucket.value);
  if (words.length === 0) throw new Error('the index is empty');
  const mix = (sort: (i: number) => ProductSort) =>
    Array.from({ length: QUERIES }, (_, i) => {
      const first = words[(i * 7919) % words.length] ?? '';
      return query({
        query: i % 3 === 0 ? `${first} ${words[(i * 104729) % words.length]}` : first,
        sort: sort(i),
        page: { page: 1, hitsPerPage: 20 },
        facets: ['brand', 'category', 'price'],
        refinements:
          i % 4 === 0 && brands.length > 0 ? [{ facet: 'brand', values: [brands[i % brands.length] ?? ''] }] : [],
      });
    });

  print(
    `\n  ${'query mix'.padEnd(32)} ${'round 1: p50 / p95 ms'.padStart(22)} ${'then: p50 / p95 / p99 ms'.padStart(26)} ${'mean ms'.padStart(9)}`,
  );
  for (const [name, queries] of [
    [
      'text + 3 facets, price/rating',
      mix((i) => (i % 2 === 0 ? ProductSort.PRODUCT_SORT_CHEAPEST : ProductSort.PRODUCT_SORT_RATING)),
    ],
    ['text + 3 facets, relevance', mix(() => ProductSort.PRODUCT_SORT_RELEVANCE)],
  ] as const) {
    const first: number[] = [];
    const times: number[] = [];
    for (let round = 0; round <= rounds; round++) {
      for (const q of queries) {
        const started = performance.now();
        await searchProducts(indices, q);
        (round > 0 ? times : first).push(performance.now() - started);
      }
    }
    const at = (values: number[], p: number) =>
      (values.sort((a, b) => a - b)[Math.floor((values.length - 1) * p)] ?? 0).toFixed(1);
    const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
    print(
      `  ${name.padEnd(32)} ${`${at(first, 0.5)} / ${at(first, 0.95)}`.padStart(22)} ${`${at(times, 0.5)} / ${at(times, 0.95)} / ${at(times, 0.99)}`.padStart(26)} ${mean.toFixed(1).padStart(9)}`,
    );
  }
  await engine.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
