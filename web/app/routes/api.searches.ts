import { recordSearch } from '~/api/endpoints/searches.server';
import { apiAction } from '~/api/http/api-action.server';

/** POST /api/searches: a visitor's search counted for "most searched" (ADR 103). */
export const action = apiAction({ POST: recordSearch });
