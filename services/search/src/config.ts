import { z } from 'zod';
import { flag, grpcAddress } from '@pc/kit/config/env-types';
import { serviceConfigSchema } from '@pc/kit/config/service-config';

/** The search service's environment: the common service variables and its own. */
export const searchConfigSchema = serviceConfigSchema({
  /**
   * Namespace of the search indices: Elasticsearch index names `<prefix>-products`, …; the
   * embedded file `<DATA_DIR>/<prefix>/search.sqlite`. Tests use their own on a shared server.
   */
  SEARCH_INDEX_PREFIX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_.-]{0,40}$/, 'lower-case letters, digits, _ . -')
    .default('search'),
  /**
   * Events of one partition in flight at once (one product's or offer's events stay in order):
   * what fills the batches below, since a handler returns only after its batch is written.
   */
  SEARCH_INGEST_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(256),
  /** How often the counts of tracked queries ("most searched") are written (ms). */
  SEARCH_QUERY_FLUSH_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /**
   * How often the brands, categories and shops whose products were clicked get their
   * `clicks_30d` summed again and written (ms): the POPULARITY sort's delay behind the clicks.
   */
  SEARCH_POPULARITY_FLUSH_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /**
   * Visitors' searches remembered a day, so that each counts once for "most searched" (ADR 103);
   * the oldest are forgotten past this (about 150 bytes each).
   */
  SEARCH_VISITOR_SEARCHES_KEPT: z.coerce.number().int().min(1).max(10_000_000).default(200_000),
  /** Most events written in one batch (group commit of the event handlers). */
  SEARCH_BATCH_MAX_EVENTS: z.coerce.number().int().min(1).max(10_000).default(500),
  /**
   * Shortest time between two refreshes that make written documents searchable. Default: 100 ms
   * on Elasticsearch (a refresh writes a segment), 0 on the embedded index (writes are searchable
   * at once; a refresh only looks for other processes' writes).
   */
  SEARCH_REFRESH_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /**
   * Rebuild every index from the side state at start (after the engine lost part of an index).
   * A wholly empty product index is rebuilt without it (events/index-rebuild.ts). Owners are not
   * read at start: they may not be up yet (RebuildIndex reads them, rebuild/owners-rebuild.ts).
   */
  SEARCH_REBUILD_ON_START: flag.default(false),
  /** accounts, for the staff role of the index RPCs (staff:infrastructure). */
  ACCOUNTS_GRPC_ADDR: grpcAddress.default('127.0.0.1:50054'),
  /** catalog, whose StreamProducts a staff-started rebuild reads. */
  CATALOG_GRPC_ADDR: grpcAddress.default('127.0.0.1:50051'),
  /** offers, whose StreamProductPriceSummaries a staff-started rebuild reads. */
  OFFERS_GRPC_ADDR: grpcAddress.default('127.0.0.1:50052'),
});

export type SearchConfig = z.infer<typeof searchConfigSchema>;
