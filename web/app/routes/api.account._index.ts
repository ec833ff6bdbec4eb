import { deleteOwnAccount, updateProfile } from '~/api/endpoints/own-account.server';
import { apiAction } from '~/api/http/api-action.server';

/** PATCH /api/account (profile), DELETE /api/account (delete the account, spec §4). */
export const action = apiAction({ PATCH: updateProfile, DELETE: deleteOwnAccount });
