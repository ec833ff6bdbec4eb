import { changePassword } from '~/api/endpoints/own-account.server';
import { apiAction } from '~/api/http/api-action.server';

/** POST /api/account/password: change the password (other sessions end). */
export const action = apiAction({ POST: changePassword });
