import { recordAdImpressions } from '~/api/endpoints/ad-impressions.server';
import { apiAction } from '~/api/http/api-action.server';

/** POST /api/ad-impressions: advertisements a visitor saw, counted as impressions (ADR 104). */
export const action = apiAction({ POST: recordAdImpressions });
