import { deleteAlert, showAlert, updateAlert } from '~/api/endpoints/alerts.server';
import { apiAction, privateLoader } from '~/api/http/api-action.server';

/** GET, PATCH, DELETE /api/alerts/{id}. */
export const loader = privateLoader(showAlert);
export const action = apiAction({ PATCH: updateAlert, DELETE: deleteAlert });
