import {
  PromotionSort,
  type GetPromotionRequest,
  type GetPromotionResponse,
  type ListPromotionsRequest,
  type ListPromotionsResponse,
} from '@pc/proto/affiliates/v1/affiliates';
import { PromotionStatus } from '@pc/proto/affiliates/v1/types';
import { NotFoundError } from '@pc/kit/errors/domain-errors';
import { currentCaller } from '@pc/kit/identity/caller';
import type { Filter } from '@pc/kit/ports/document-store';
import { pageResponse, resolvePage } from '@pc/kit/paging/page';
import { PromotionChecks } from '../domain/promotion-input.js';
import { toPromotionMessage } from '../domain/promotion-message.js';
import { sortOrder } from '../domain/promotion-order.js';
import { statusConditions } from '../domain/status-ranges.js';
import { textMatcher } from '../domain/text-match.js';
import { pageOverFilteredSegments, pageOverSegments } from '../store/segmented-page.js';
import type { AffiliatesDependencies } from './dependencies.js';

const PROMOTIONS_PAGE = { defaultSize: 20, maxSize: 100 };
const STATUSES = [
  PromotionStatus.PROMOTION_STATUS_SCHEDULED,
  PromotionStatus.PROMOTION_STATUS_ACTIVE,
  PromotionStatus.PROMOTION_STATUS_ENDED,
];
const SORTS = Object.values(PromotionSort).filter(
  (value): value is PromotionSort => typeof value === 'number' && value >= 0,
);

/**
 * ListPromotions: the promotions page and the admin list. Country: those for it plus those for
 * everywhere; statuses by the clock (default running); the preferred language's first, each
 * part in the asked order.
 */
export async function listPromotions(
  request: ListPromotionsRequest,
  deps: AffiliatesDependencies,
): Promise<ListPromotionsResponse> {
  const checks = new PromotionChecks();
  const country = checks.country('country', request.country);
  const language = checks.optionalLanguage(request.language);
  request.statuses.forEach((status, index) => {
    if (!STATUSES.includes(status)) checks.add(`statuses[${index}]`, `must be one of ${STATUSES.join(', ')}`, 'in');
  });
  if (!SORTS.includes(request.sort)) checks.add('sort', `must be one of ${SORTS.join(', ')}`, 'in');
  const query = checks.text('query', request.query, { max: 200 });
  checks.done();
  const page = resolvePage(request.page, PROMOTIONS_PAGE);

  const now = deps.clock();
  const base: Record<string, Filter[string]> = {};
  if (country) base.countryKeys = { $in: [country, '*'] };
  if (request.shopId.trim()) base.shopId = request.shopId.trim();
  if (request.brandSlug.trim()) base.brandSlug = request.brandSlug.trim().toLowerCase();
  if (request.productId.trim()) base.productId = request.productId.trim();
  const languages: Filter[] = language ? [{ language }, { language: { $ne: language } }] : [{}];
  const statuses = new Set(request.statuses.length > 0 ? request.statuses : [PromotionStatus.PROMOTION_STATUS_ACTIVE]);
  const segments = languages.flatMap((part) =>
    statusConditions(statuses, now).map((time) => ({ ...base, ...part, ...time })),
  );

  const sort = sortOrder(request.sort);
  const matches = textMatcher(query);
  const result = matches
    ? await pageOverFilteredSegments(deps.promotions, segments, sort, page, matches)
    : await pageOverSegments(deps.promotions, segments, sort, page);
  return {
    promotions: result.items.map((promotion) => toPromotionMessage(promotion, now, { withUrl: false })),
    page: { ...pageResponse(page, result.total), totalIsLowerBound: result.totalIsLowerBound },
  };
}

/**
 * GetPromotion: any live promotion by id, whatever its status. The landing page goes only to a
 * call whose signed-in user holds staff:affiliates (the admin app's edit page, which must show it);
 * anyone else, and a call without a user, gets it empty (visitors go through the location).
 */
export async function getPromotion(
  request: GetPromotionRequest,
  deps: AffiliatesDependencies,
): Promise<GetPromotionResponse> {
  const checks = new PromotionChecks();
  const promotionId = checks.id('promotion_id', request.promotionId, { required: true });
  checks.done();
  const promotion = await deps.promotions.get(promotionId);
  if (!promotion) throw new NotFoundError('promotion', promotionId);
  // The kit verified the call's user token: the user is who signed in, never a claim of the request.
  const withUrl = await deps.staff.hasPanel(currentCaller()?.userId ?? '');
  return { promotion: toPromotionMessage(promotion, deps.clock(), { withUrl }) };
}
