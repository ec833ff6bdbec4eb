import { isbot } from 'isbot';
import type { VisitorKeys } from '@pc/kit/identity/visitor-keys';
import { SearchProductsRequest, type TrackSearchRequest, type TrackSearchResponse } from '@pc/proto/search/v1/search';
import { trackedQuery, utcDay } from '../domain/tracked-query.js';
import type { QueryTracker } from '../events/query-tracker.js';
import type { VisitorSearches } from '../events/visitor-searches.js';
import { searchProducts } from '../queries/product-search.js';
import type { SearchIndices } from '../store/search-indices.js';
import { parseProductQuery } from './product-request.js';
import { Violations } from './violations.js';

export interface TrackSearchDependencies {
  readonly indices: SearchIndices;
  readonly tracker: QueryTracker;
  readonly visitors: VisitorSearches;
  readonly visitorKeys: VisitorKeys;
  readonly clock: () => Date;
}

/**
 * TrackSearch (ADR 103): a visitor's search counts for "most searched" once a day per query,
 * country and language, if it finds something — under its "did you mean" form when it has one, as
 * the search page shows it — and never for a bot. Whether it finds something is asked of the
 * index here, not taken from the caller, so nothing a caller sends reaches the home page unless
 * the catalog has it.
 */
export async function trackSearch(
  request: TrackSearchRequest,
  deps: TrackSearchDependencies,
): Promise<TrackSearchResponse> {
  const query = parseProductQuery(
    SearchProductsRequest.fromPartial({
      query: request.query,
      country: request.country,
      language: request.language,
      page: { page: 1, hitsPerPage: 1 },
      suggest: ['query'],
    }),
  );
  if (query.text === '') {
    const violations = new Violations();
    violations.add('query', 'is required', 'required');
    violations.throwIfAny();
  }
  const agent = request.userAgent.trim();
  if (!agent || isbot(agent)) return { counted: false };
  const tracked = trackedQuery(query.text);
  if (tracked === null) return { counted: false };

  const now = deps.clock();
  const visitor = deps.visitorKeys.keyOf(
    { visitorId: request.visitorId, ip: request.ip, userAgent: request.userAgent },
    now,
  );
  const seenKey = `${query.country}\n${query.language}\n${tracked}\n${visitor}`;
  if (!deps.visitors.firstToday(utcDay(now), seenKey)) return { counted: false };
  // Remembered before the search, so that a second call of the visitor's meanwhile is a repeat;
  // forgotten again when it did not count.
  const result = await searchProducts(deps.indices, query).catch((error: unknown) => {
    deps.visitors.forget(seenKey);
    throw error;
  });
  if (!result.matchedText || result.main.total === 0) {
    deps.visitors.forget(seenKey);
    return { counted: false };
  }
  deps.tracker.record(result.didYouMean ?? result.matchedText, query.country, query.language);
  return { counted: true };
}
