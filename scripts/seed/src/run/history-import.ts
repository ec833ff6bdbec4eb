import { ExtractionMethod, ObservationSource } from '@pc/proto/crawler/events/v1/events';
import type { PendingObservation } from '../ingest/observation.js';

/**
 * The history import's observations (ADR 040): the past of every offer as the generator made
 * it, marked HISTORY_IMPORT rather than as a page the crawler read, with the offer's page on the
 * shop's own site. `pastBefore` (observation-stream.ts) keeps them older than offers' freshness
 * window, so they record price history and list no offer: current offers come only from the
 * shops' feeds and pages, through the crawler.
 */
export function* asHistoryImport(
  batches: Iterable<PendingObservation[]>,
  siteOfShop: ReadonlyMap<string, string>,
): Generator<PendingObservation[]> {
  for (const batch of batches) {
    yield batch.map((observation) => {
      const { payload } = observation;
      const site = siteOfShop.get(payload.shopId);
      const page = new URL(payload.url);
      return {
        ...observation,
        payload: {
          ...payload,
          url: site ? `${site}${page.pathname}${page.search}` : payload.url,
          source: ObservationSource.OBSERVATION_SOURCE_HISTORY_IMPORT,
          extraction: ExtractionMethod.EXTRACTION_METHOD_UNSPECIFIED,
          crawlJobId: '',
        },
      };
    });
  }
}

/**
 * Where the history import ends: offers' freshness window before now (what it imports is older
 * than offers lists), and never after the world's "now".
 */
export const historyImportEnd = (worldNow: Date, wallClock: Date, staleAfterMs: number): Date =>
  new Date(Math.min(worldNow.getTime(), wallClock.getTime() - staleAfterMs));
