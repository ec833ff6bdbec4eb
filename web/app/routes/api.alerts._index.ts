import { createAlert, listAlerts } from '~/api/endpoints/alerts.server';
import { apiAction, privateLoader } from '~/api/http/api-action.server';

/** GET /api/alerts (account/alerts), POST /api/alerts (alarm button). */
export const loader = privateLoader(listAlerts);
export const action = apiAction({ POST: createAlert });
