import { ConflictError, type FieldViolation } from '@pc/kit/errors/domain-errors';
import type { MatchProductRequest } from '@pc/proto/catalog/v1/catalog';
import { readOffer } from '../domain/offer.js';
import { loadMatchLookups, toBatchOffer, type BatchOffer, type LookupStores } from './match-lookups.js';
import { MatchPlanner } from './match-planner.js';
import { ClaimConflict, writePlan, type PlanWriterDependencies, type WrittenMatch } from './plan-writer.js';

export type MatchItemResult =
  | { readonly kind: 'invalid'; readonly violations: readonly FieldViolation[] }
  | { readonly kind: 'done'; readonly match: WrittenMatch | null; readonly normalizedGtin: string };

/** Rounds of matching a whole batch again against fresh reads after a lost key race. */
const MAX_BATCH_ATTEMPTS = 3;
/** Then rounds of "match alone against fresh reads" for each offer. */
const MAX_ALONE_ATTEMPTS = 5;

/**
 * MatchProduct(s): validates each offer, then matches the valid ones as one batch: a few batched
 * reads, a plan in memory, batched writes. When a concurrent writer claims a key the batch wanted
 * (two offers of one new product in two calls at once), the batch is matched again against fresh
 * reads (then, if races persist, one offer at a time), so the loser links to the winner's product
 * instead of creating a twin.
 */
export class OfferMatcher {
  constructor(private readonly deps: PlanWriterDependencies & LookupStores) {}

  async matchAll(requests: readonly MatchProductRequest[]): Promise<MatchItemResult[]> {
    const read = requests.map(readOffer);
    const valid = read.flatMap((result, index) =>
      'offer' in result ? [{ index, item: toBatchOffer(result.offer) }] : [],
    );
    const matches = await this.matchValid(valid.map(({ item }) => item));
    const byIndex = new Map(valid.map(({ index, item }, i) => [index, { item, match: matches[i] ?? null }]));
    return read.map((result, index) => {
      if ('violations' in result) return { kind: 'invalid', violations: result.violations };
      const done = byIndex.get(index);
      return { kind: 'done', match: done?.match ?? null, normalizedGtin: done?.item.offer.gtin ?? '' };
    });
  }

  private async matchValid(items: readonly BatchOffer[]): Promise<(WrittenMatch | null)[]> {
    if (items.length === 0) return [];
    // A lost race usually concerns a few offers: matching the batch again sees the winner's
    // claims, so those offers link to its products and the rest proceed as before.
    for (let attempt = 1; attempt <= MAX_BATCH_ATTEMPTS; attempt += 1) {
      try {
        return await this.matchOnce(items);
      } catch (error) {
        if (!(error instanceof ClaimConflict)) throw error;
      }
    }
    const results: (WrittenMatch | null)[] = [];
    for (const item of items) results.push(await this.matchAlone(item));
    return results;
  }

  private async matchAlone(item: BatchOffer): Promise<WrittenMatch | null> {
    for (let attempt = 1; attempt <= MAX_ALONE_ATTEMPTS; attempt += 1) {
      try {
        return (await this.matchOnce([item]))[0] ?? null;
      } catch (error) {
        if (!(error instanceof ClaimConflict)) throw error;
      }
    }
    throw new ConflictError(`offer ${item.offer.shopId}/${item.offer.shopOfferId}: product keys kept changing; retry`);
  }

  private async matchOnce(items: readonly BatchOffer[]): Promise<(WrittenMatch | null)[]> {
    const lookups = await loadMatchLookups(this.deps, items);
    const plan = MatchPlanner.plan(items, lookups);
    return writePlan(this.deps, items, plan, lookups);
  }
}
