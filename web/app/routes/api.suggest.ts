import { suggestions } from '~/api/endpoints/suggestions.server';
import { apiLoader } from '~/api/http/respond.server';

/** GET /api/suggest (the search box while typing): suggestions in `data`. */
export const loader = apiLoader(suggestions, { prefix: 'q' });
