// Picks real products and offers from the running platform for the BFF and ingest workloads:
// probes are each product's cheapest Swiss offer (a lower price must become the product's
// lowest), the load offers are other offers.
import { SearchProductsRequest } from '@pc/proto/search/v1/search';

export async function sampleOffers(search, offers, count) {
  const hits = [];
  for (let page = 1; hits.length < count && page <= 10; page++) {
    const result = await search.searchProducts(SearchProductsRequest.fromPartial({ country: 'CH', language: 'en', page: { page, hitsPerPage: 100 }, filter: { withOffersOnly: true } }));
    hits.push(...result.hits);
    if (result.hits.length < 100) break;
  }
  const probes = [];
  const load = [];
  for (const hit of hits) {
    const listed = await offers.listOffers({ productId: hit.productId, shopId: '', country: 'CH', inStockOnly: false, conditions: [], greenOnly: false, sort: 1, page: { page: 1, hitsPerPage: 20 }, displayCurrency: '' });
    const [cheapest, ...others] = listed.offers;
    if (!cheapest) continue;
    if (probes.length < 40) probes.push({ offer: cheapest, productId: hit.productId });
    else load.push(cheapest);
    load.push(...others);
  }
  if (probes.length < 10 || load.length === 0) throw new Error('not enough products with Swiss offers: seed a larger platform');
  return { productIds: hits.map((hit) => hit.productId), probes, load };
}
