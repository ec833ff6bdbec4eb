import { alertFirings } from '~/api/endpoints/alerts.server';
import { privateLoader } from '~/api/http/api-action.server';

/** GET /api/alerts/{id}/firings. */
export const loader = privateLoader(alertFirings);
