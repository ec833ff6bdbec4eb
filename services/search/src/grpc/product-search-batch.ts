import type { Logger } from 'pino';
import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import { failureOf } from '@pc/kit/errors/grpc-errors';
import type {
  SearchProductsBatchRequest,
  SearchProductsBatchResponse,
  SearchProductsBatchResult,
  SearchProductsRequest,
  SearchProductsResponse,
} from '@pc/proto/search/v1/search';

/** A page asks for a few rows at once; more would let one call hold the index for long. */
export const MAX_BATCH_SEARCHES = 8;

/**
 * SearchProductsBatch: each search answered as SearchProducts answers it, side by side. One that
 * fails fails alone, with the status it would have ended with (an internal error logged here,
 * as the call's edge logs it for SearchProducts).
 */
export async function searchProductsBatch(
  request: SearchProductsBatchRequest,
  searchOne: (search: SearchProductsRequest) => Promise<SearchProductsResponse>,
  log: Logger,
): Promise<SearchProductsBatchResponse> {
  const count = request.searches.length;
  if (count === 0 || count > MAX_BATCH_SEARCHES)
    throw new InvalidArgumentError([
      {
        field: 'searches',
        reason: `must hold 1 to ${MAX_BATCH_SEARCHES} searches, not ${count}`,
        rule: count === 0 ? 'required' : 'max',
        params: { max: String(MAX_BATCH_SEARCHES) },
      },
    ]);
  const results = await Promise.all(request.searches.map((search, index) => resultOf(search, index)));
  return { results };

  async function resultOf(search: SearchProductsRequest, index: number): Promise<SearchProductsBatchResult> {
    try {
      return { outcome: { $case: 'response', value: await searchOne(search) } };
    } catch (error) {
      const { code, message, detail, internal } = failureOf(error);
      if (internal) log.error({ err: error, search: index }, 'a search of a batch failed with an internal error');
      return { outcome: { $case: 'failure', value: { code, message, detail } } };
    }
  }
}
