import type { MatchProductRequest, MatchProductsRequest, MatchProductsResponse } from '@pc/proto/catalog/v1/catalog';
import type { MatchResult } from '../domain/offer-change.js';

/** The one catalog call the matcher needs (the kit's client satisfies it). */
export interface MatchProductsCall {
  matchProducts(request: MatchProductsRequest): Promise<MatchProductsResponse>;
}

interface Waiting {
  readonly request: MatchProductRequest;
  readonly resolve: (result: MatchResult) => void;
  readonly reject: (error: unknown) => void;
}

/** Where a matched product's offers belong: catalog answers a merged product's id only in a race
 *  with the merge, whose event offers may have seen already (`ProductMergeRepository`). */
export interface MergedProducts {
  resolve(productId: string): Promise<string>;
}

/** catalog.MatchProducts accepts at most this many items. */
export const MAX_MATCH_BATCH = 500;

/**
 * Matches new offers through catalog.MatchProducts, batching the requests made in the same turn
 * of the event loop: the bus hands records to one handler per partition, so the handlers of
 * concurrently consumed partitions (and the items waiting while a batch is in flight) share one
 * call. A failed call fails every request of its batch (their records are redelivered); an item
 * catalog rejects comes back unmatched with its reason.
 */
export class ProductMatcher {
  private queue: Waiting[] = [];
  private scheduled = false;

  constructor(
    private readonly catalog: MatchProductsCall,
    private readonly merged: MergedProducts,
  ) {}

  match(request: MatchProductRequest): Promise<MatchResult> {
    return new Promise<MatchResult>((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    while (this.queue.length > 0) void this.send(this.queue.splice(0, MAX_MATCH_BATCH));
  }

  private async send(batch: readonly Waiting[]): Promise<void> {
    try {
      const response = await this.catalog.matchProducts({ items: batch.map((waiting) => waiting.request) });
      const productIds = await Promise.all(
        response.results.map((result) => (result.match?.productId ? this.merged.resolve(result.match.productId) : '')),
      );
      batch.forEach((waiting, index) => {
        const result = response.results[index];
        if (!result)
          return waiting.reject(
            new Error(`catalog answered ${response.results.length} results for ${batch.length} items`),
          );
        const productId = productIds[index] ?? '';
        waiting.resolve({ productId, error: productId ? '' : result.errorReason || 'no_match' });
      });
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    }
  }
}
