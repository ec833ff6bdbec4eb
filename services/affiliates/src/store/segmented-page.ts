import type { Filter } from '@pc/kit/ports/document-store';
import type { Page } from '@pc/kit/paging/page';
import type { PromotionRepository, StoredPromotion } from './promotion-repository.js';

/** Candidates read for an in-memory filter (free text); beyond it the total is a lower bound. */
export const CANDIDATE_CAP = 1_000;

export interface SegmentedPage {
  readonly items: StoredPromotion[];
  readonly total: number;
  readonly totalIsLowerBound: boolean;
}

/**
 * One page over segments listed one after the other, each in the same store order: the store's
 * query language has no OR and no computed sort key, so "preferred language first" and status
 * sets that are not one time range become consecutive segments. Counts say which segments a
 * page touches; only those are read, with skip and limit in the store.
 */
export async function pageOverSegments(
  repository: PromotionRepository,
  segments: readonly Filter[],
  sort: Readonly<Record<string, 1 | -1>>,
  page: Page,
): Promise<SegmentedPage> {
  const counts = await Promise.all(segments.map((filter) => repository.count(filter)));
  const items: StoredPromotion[] = [];
  let skip = page.skip;
  for (const [index, filter] of segments.entries()) {
    const count = counts[index] ?? 0;
    if (items.length >= page.hitsPerPage) break;
    if (skip >= count) {
      skip -= count;
      continue;
    }
    items.push(...(await repository.find(filter, { sort, skip, limit: page.hitsPerPage - items.length })));
    skip = 0;
  }
  return { items, total: counts.reduce((sum, count) => sum + count, 0), totalIsLowerBound: false };
}

/** The same over candidates kept by `keep` (read up to CANDIDATE_CAP per segment, paged in memory). */
export async function pageOverFilteredSegments(
  repository: PromotionRepository,
  segments: readonly Filter[],
  sort: Readonly<Record<string, 1 | -1>>,
  page: Page,
  keep: (promotion: StoredPromotion) => boolean,
): Promise<SegmentedPage> {
  const reads = await Promise.all(segments.map((filter) => repository.find(filter, { sort, limit: CANDIDATE_CAP })));
  const kept = reads.flatMap((candidates) => candidates.filter(keep));
  return {
    items: kept.slice(page.skip, page.skip + page.hitsPerPage),
    total: kept.length,
    totalIsLowerBound: reads.some((candidates) => candidates.length === CANDIDATE_CAP),
  };
}
