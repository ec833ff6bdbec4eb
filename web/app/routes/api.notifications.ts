import { notificationLog } from '~/api/endpoints/alerts.server';
import { privateLoader } from '~/api/http/api-action.server';

/** GET /api/notifications: the user's notification log. */
export const loader = privateLoader(notificationLog);
