import { z } from 'zod';
import { affiliates } from '~/services/affiliates.server';
import { clientInfo } from '~/services/accounts.server';
import { jsonBody, privateJson, type ActionCall } from '../http/api-action.server';

const body = z.object({
  ids: z
    .array(z.string().trim().min(1, { error: 'must not be empty' }).max(200, { error: 'must be an id' }))
    .min(1, { error: 'must name at least one advertisement' })
    .max(20, { error: 'must name at most 20 advertisements' }),
});

/**
 * POST /api/ad-impressions { ids }: the advertisements a visitor saw (the slot measures it: at
 * least half of it on screen for a second), counted as impressions by affiliates (ADR 104) — once
 * a minute per visitor and advertisement, never a bot's. The page sends it from the browser, so
 * an advertisement shown from the micro-cache counts and a render no one sees does not. The
 * visitor's address and user agent go to affiliates only to be hashed.
 */
export async function recordAdImpressions({ request, context }: ActionCall): Promise<Response> {
  const { ids } = await jsonBody(request, body);
  const { counted } = await affiliates.recordAdImpressions({
    advertisementIds: ids,
    visitorId: '',
    ...clientInfo(request, context),
  });
  return privateJson({ data: { counted } });
}
