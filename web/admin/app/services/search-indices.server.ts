import { IndexKind, SearchServiceService, type IndexStatus } from '@pc/proto/search/v1/search';
import { config } from '../config.server';
import { client } from './grpc.server';

const search = client(SearchServiceService, config.SEARCH_GRPC_ADDR);

/** The index kinds as the panel names them. */
export const INDEX_NAMES = ['products', 'brands', 'shops', 'categories'] as const;
export type IndexName = (typeof INDEX_NAMES)[number];

const KIND_NAME: Readonly<Partial<Record<IndexKind, IndexName>>> = {
  [IndexKind.INDEX_KIND_PRODUCTS]: 'products',
  [IndexKind.INDEX_KIND_BRANDS]: 'brands',
  [IndexKind.INDEX_KIND_SHOPS]: 'shops',
  [IndexKind.INDEX_KIND_CATEGORIES]: 'categories',
};

/** One search index as the infrastructure panel shows it. */
export interface IndexRow {
  readonly index: IndexName;
  readonly documents: number;
  /** Per language, "de 120, en 130" order kept by the service. */
  readonly byLanguage: Readonly<Record<string, number>>;
  readonly lastEventAt: string;
  readonly rebuildId: string;
  /** 0..100 while a rebuild runs. */
  readonly rebuildPercent: number;
  readonly lagP95Ms: number | null;
  /** Bytes on disk as search last measured them; null when it could not. */
  readonly storageBytes: number | null;
  /** How old that measurement is, in seconds at loading (so server and browser render alike). */
  readonly storageAgeSeconds: number | null;
}

const indexRow = (status: IndexStatus): IndexRow => ({
  index: KIND_NAME[status.index] ?? 'products',
  documents: Number(status.documents),
  byLanguage: Object.fromEntries(
    Object.entries(status.documentsByLanguage).map(([key, value]) => [key, Number(value)]),
  ),
  lastEventAt: status.lastEventAt?.toISOString() ?? '',
  rebuildId: status.rebuildId,
  rebuildPercent: Math.round(status.rebuildProgress * 100),
  lagP95Ms: status.lag ? Math.round(status.lag.p95Ms) : null,
  storageBytes: status.storageMeasuredAt ? Number(status.storageBytes) : null,
  storageAgeSeconds: status.storageMeasuredAt
    ? Math.max(0, Math.round((Date.now() - status.storageMeasuredAt.getTime()) / 1000))
    : null,
});

/** Every search index's state; search checks staff:infrastructure. */
export async function indexStatuses(actorUserId: string): Promise<IndexRow[]> {
  return (await search.getIndexStatus({ actorUserId })).indices.map(indexRow);
}

/** Starts a rebuild of every index (search checks the role, refuses a second one, audits it). */
export async function rebuildIndices(actorUserId: string): Promise<string> {
  return (await search.rebuildIndex({ actorUserId, index: IndexKind.INDEX_KIND_UNSPECIFIED })).rebuildId;
}
