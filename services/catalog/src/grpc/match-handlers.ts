import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import type { ServiceHandlers } from '@pc/kit/grpc/service-types';
import { MatchMethod, type CatalogServiceService, type MatchProductResponse } from '@pc/proto/catalog/v1/catalog';
import { errorReasonOf } from '../domain/offer.js';
import type { MatchMethodName } from '../offer-matching/match-plan.js';
import type { MatchItemResult, OfferMatcher } from '../offer-matching/offer-matcher.js';

type Handlers = ServiceHandlers<typeof CatalogServiceService>;

const MAX_BATCH = 500;

const METHODS: Readonly<Record<MatchMethodName, MatchMethod>> = {
  existing_link: MatchMethod.MATCH_METHOD_EXISTING_LINK,
  gtin: MatchMethod.MATCH_METHOD_GTIN,
  brand_mpn: MatchMethod.MATCH_METHOD_BRAND_MPN,
  title: MatchMethod.MATCH_METHOD_TITLE,
  created: MatchMethod.MATCH_METHOD_CREATED,
};

function toResponse(result: Extract<MatchItemResult, { kind: 'done' }>): MatchProductResponse {
  const { match, normalizedGtin } = result;
  if (!match)
    return {
      productId: '',
      method: MatchMethod.MATCH_METHOD_UNSPECIFIED,
      confidence: 0,
      created: false,
      normalizedGtin,
    };
  return {
    productId: match.productId,
    method: METHODS[match.method],
    confidence: match.confidence,
    created: match.created,
    normalizedGtin,
  };
}

export function matchHandlers(matcher: OfferMatcher): Pick<Handlers, 'matchProduct' | 'matchProducts'> {
  return {
    matchProduct: async (request) => {
      const [result] = await matcher.matchAll([request]);
      if (!result || result.kind === 'invalid') throw new InvalidArgumentError(result?.violations ?? []);
      return toResponse(result);
    },

    matchProducts: async (request) => {
      if (request.items.length > MAX_BATCH) {
        throw new InvalidArgumentError([
          { field: 'items', reason: `at most ${MAX_BATCH} items`, rule: 'max', params: { max: String(MAX_BATCH) } },
        ]);
      }
      const results = await matcher.matchAll(request.items);
      return {
        results: results.map((result) =>
          result.kind === 'invalid'
            ? { match: undefined, errorReason: errorReasonOf(result.violations) }
            : { match: toResponse(result), errorReason: '' },
        ),
      };
    },
  };
}
