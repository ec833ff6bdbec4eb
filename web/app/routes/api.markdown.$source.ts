import { markdownPage } from '~/api/endpoints/markdown-page.server';
import { apiLoader } from '~/api/http/respond.server';

/** GET /api/markdown/{source} (spec §7): one of our markdown pages as HTML. */
export const loader = apiLoader(markdownPage);
