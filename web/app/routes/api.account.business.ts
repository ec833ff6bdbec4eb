import { enableBusiness } from '~/api/endpoints/own-account.server';
import { apiAction } from '~/api/http/api-action.server';

/** POST /api/account/business: become a business user. */
export const action = apiAction({ POST: enableBusiness });
