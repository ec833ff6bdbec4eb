import { SEARCH_LANGUAGES, type IndexStorage, type SearchIndexHandle } from '@pc/kit/ports/search-index';
import { IndexKind, type GetIndexStatusResponse, type IndexStatus } from '@pc/proto/search/v1/search';
import { languageToken } from '../domain/languages.js';
import { ProductFields as F } from '../domain/product-fields.js';
import type { IndexProgress } from '../events/index-progress.js';
import type { IndexRebuilds } from './index-rebuilds.js';
import type { LagWindow } from '../events/lag-window.js';
import type { SearchIndices } from '../store/search-indices.js';

export interface IndexStatusSources {
  readonly indices: SearchIndices;
  readonly progress: IndexProgress;
  readonly priceLag: LagWindow;
  readonly rebuilds: IndexRebuilds;
}

/**
 * GetIndexStatus: documents and size on disk per index (products also per language they have a
 * name in), the newest event each applied, the recent price lag of the product index, and the
 * rebuild in progress (every index is rebuilt together, so each shows it).
 */
export async function indexStatus({
  indices,
  progress,
  priceLag,
  rebuilds,
}: IndexStatusSources): Promise<GetIndexStatusResponse> {
  const [products, brands, shops, categories, languages, storage] = await Promise.all([
    indices.products.count(),
    indices.brands.count(),
    indices.shops.count(),
    indices.categories.count(),
    indices.products.search({
      facets: [{ field: F.languages, type: 'terms', size: SEARCH_LANGUAGES.length }],
      hitsPerPage: 0,
    }),
    storageOf(indices),
  ]);
  const byLanguage: Record<string, number> = {};
  for (const language of SEARCH_LANGUAGES) {
    byLanguage[language] =
      languages.facets[F.languages]?.find((bucket) => bucket.value === languageToken(language))?.count ?? 0;
  }
  const lag = priceLag.summary();
  const rebuild = await rebuilds.progress();
  const status = (
    index: IndexKind,
    liveName: string,
    documents: number,
    extra: Partial<IndexStatus> = {},
  ): IndexStatus => ({
    index,
    liveName,
    documents,
    documentsByLanguage: {},
    lastEventAt: progress.get(index),
    rebuildId: rebuild?.id ?? '',
    rebuildProgress: rebuild?.progress ?? 0,
    rebuildStartedAt: rebuild?.startedAt,
    lag: undefined,
    storageBytes: storage[index]?.bytes ?? 0,
    storageMeasuredAt: storage[index]?.measuredAt,
    ...extra,
  });
  return {
    indices: [
      status(IndexKind.INDEX_KIND_PRODUCTS, 'products', products, {
        documentsByLanguage: byLanguage,
        lag: lag ?? undefined,
      }),
      status(IndexKind.INDEX_KIND_BRANDS, 'brands', brands),
      status(IndexKind.INDEX_KIND_SHOPS, 'shops', shops),
      status(IndexKind.INDEX_KIND_CATEGORIES, 'categories', categories),
    ],
  };
}

/**
 * Each index's size on disk. One that cannot be measured (an engine that fails it) is reported
 * without a size rather than failing the whole status.
 */
async function storageOf(indices: SearchIndices): Promise<Partial<Record<IndexKind, IndexStorage>>> {
  const measure = (handle: Pick<SearchIndexHandle<never>, 'storage'>): Promise<IndexStorage | undefined> =>
    handle.storage().catch(() => undefined);
  const [products, brands, shops, categories] = await Promise.all(
    [indices.products, indices.brands, indices.shops, indices.categories].map(measure),
  );
  return {
    [IndexKind.INDEX_KIND_PRODUCTS]: products,
    [IndexKind.INDEX_KIND_BRANDS]: brands,
    [IndexKind.INDEX_KIND_SHOPS]: shops,
    [IndexKind.INDEX_KIND_CATEGORIES]: categories,
  };
}
