// Picks real products and offers from the running platform for the BFF and ingest workloads:
// the sample's products (BFF) and probes, each product's cheapest Swiss offer (a lower price must
// become the product's lowest); the crawl pool, the offers the ingest part observes.
import { SearchProductsRequest } from '@pc/proto/search/v1/search';
import { copyId } from './multiplication.mjs';

/** A product's Swiss offers, cheapest first (up to 20). */
export const swissOffers = (offers, productId) =>
  offers.listOffers({
    productId,
    shopId: '',
    country: 'CH',
    inStockOnly: false,
    conditions: [],
    greenOnly: false,
    sort: 1,
    page: { page: 1, hitsPerPage: 20 },
    displayCurrency: '',
    productIds: [],
  });

/**
 * `count` products with Swiss offers and up to 40 probes among them. `seed` picks where in the
 * list the sample starts, so runs without a fixed seed spread their price changes over the catalog.
 */
export async function sampleOffers(search, offers, count, seed) {
  const request = (page, hitsPerPage) =>
    SearchProductsRequest.fromPartial({
      country: 'CH',
      language: 'en',
      page: { page, hitsPerPage },
      filter: { withOffersOnly: true },
    });
  const total = Number((await search.searchProducts(request(1, 0))).page?.total ?? 0);
  const pages = Math.ceil(count / 100);
  // Search pages reach 10,000 results deep.
  const starts = Math.max(1, Math.min(Math.floor(total / 100), 100) - pages + 1);
  const first = 1 + (seed % starts);
  const hits = [];
  for (let page = first; hits.length < count && page < first + pages; page++) {
    const result = await search.searchProducts(request(page, 100));
    hits.push(...result.hits);
    if (result.hits.length < 100) break;
  }
  const probes = [];
  for (const hit of hits) {
    if (probes.length === 40) break;
    const [cheapest, next] = (await swissOffers(offers, hit.productId)).offers;
    // A probe's price must stay under the product's next Swiss offer to become its lowest.
    if (cheapest)
      probes.push({
        offer: cheapest,
        productId: hit.productId,
        ceilingMinor: next ? Number(next.price.amountMinor) : null,
      });
  }
  if (probes.length < 10) throw new Error('not enough products with Swiss offers: seed a larger platform');
  return { productIds: hits.map((hit) => hit.productId), probes };
}

/**
 * The offers a crawl observes: up to `count` distinct Swiss offers of products with Swiss offers,
 * from a page picked by `seed` onwards (wrapping around), the probes left out. A crawl
 * sees each offer once per round, hours apart; a pool of a few hundred offers observed again and
 * again instead would reprice each one many times a run, which grows their price-history days
 * far beyond what a shop's repricing does (and slowed each later run on the same data dir).
 */
export async function crawlPool(search, offers, count, seed, probes) {
  const request = (page) =>
    SearchProductsRequest.fromPartial({
      country: 'CH',
      language: 'en',
      page: { page, hitsPerPage: 100 },
      filter: { withOffersOnly: true },
    });
  const total = Number(
    (
      await search.searchProducts(
        SearchProductsRequest.fromPartial({ ...request(1), page: { page: 1, hitsPerPage: 0 } }),
      )
    ).page?.total ?? 0,
  );
  // Search pages reach 10,000 results deep.
  const pages = Math.max(1, Math.min(Math.ceil(total / 100), 100));
  const skip = new Set(probes.map(({ offer }) => offer.id));
  const pool = [];
  for (let n = 0; n < pages && pool.length < count; n++) {
    const page = 1 + ((seed + n) % pages);
    const { hits } = await search.searchProducts(request(page));
    const listed = await Promise.all(hits.map((hit) => swissOffers(offers, hit.productId)));
    for (const { offers: found } of listed) pool.push(...found.filter((offer) => !skip.has(offer.id)));
  }
  return pool.slice(0, count);
}

/**
 * The sampled products mapped onto copies of a multiplied dir (multiply-platform.mjs): the nth
 * product becomes copy (n + seed) mod factor, copy 0 the original, so the BFF reads rows spread
 * over the whole multiplied tables rather than over the seed's first rows alone.
 */
export function spreadOverCopies(productIds, factor, seed) {
  return productIds.map((id, n) => copyId(id, (n + seed) % factor));
}
