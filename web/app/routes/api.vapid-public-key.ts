import { vapidKey } from '~/api/endpoints/push.server';
import { privateLoader } from '~/api/http/api-action.server';

/** GET /api/vapid-public-key: applicationServerKey for pushManager.subscribe (spec §4). */
export const loader = privateLoader(vapidKey);
