import { CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import type { Product } from '@pc/proto/catalog/v1/types';
import { SearchProductsRequest, SearchServiceService } from '@pc/proto/search/v1/search';
import { config } from '../config.server';
import { client } from './grpc.server';

const search = client(SearchServiceService, config.SEARCH_GRPC_ADDR);
const catalog = client(CatalogServiceService, config.CATALOG_GRPC_ADDR);

/**
 * Listed products whose names carry the words (search's full text, typos and word forms
 * included), as catalog holds them, in search's order: staff who type a word from the middle
 * of a name ("WH-1000XM5" for "Sony WH-1000XM5 …") find what a name's start does not. Hidden
 * products are not in the search index: they are found by GTIN or by their name's start.
 */
export async function productsByWords(
  words: string,
  filters: { language: string; brandSlug: string; categoryId: string; page: number; size: number },
): Promise<{ products: Product[]; total: number; pages: number }> {
  const found = await search.searchProducts(
    SearchProductsRequest.fromPartial({
      query: words,
      language: filters.language,
      page: { page: filters.page, hitsPerPage: filters.size },
      filter: { brandSlug: filters.brandSlug, categoryId: filters.categoryId },
    }),
  );
  const ids = found.hits.map((hit) => hit.productId);
  const { products } =
    ids.length > 0 ? await catalog.batchGetProducts({ productIds: ids, language: filters.language }) : { products: [] };
  return { products, total: found.page?.total ?? 0, pages: found.page?.pages ?? 0 };
}
