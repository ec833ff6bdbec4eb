import { z } from 'zod';
import { apiAction, jsonBody, privateJson } from '~/api/http/api-action.server';
import { moneyJson } from '~/api/mappers/money.server';
import { resolveClickOut } from '~/data/click-out.server';

const event = z.object({
  event: z.enum(['offer_click', 'visit_shop']),
  location_id: z.string().min(1).max(128),
  origin: z
    .enum(['product', 'search', 'category', 'brand', 'shop', 'promotions', 'ad', 'favourites', 'alert'])
    .optional(),
  product_id: z.string().max(128).optional(),
});

/**
 * POST /api/events: spec §7's analytics events — an offer click (with the price) and the
 * visit-shop button's visit logger — for clients that open the shop themselves. Both go through
 * the same click pipeline as `/goto/{location}` (ADR 043): the click is recorded (counted once
 * per visitor and window, whichever way it came), and the answer carries where to go and the
 * offer's price at the click.
 */
export const action = apiAction({
  POST: async ({ request, context }) => {
    const input = await jsonBody(request, event);
    const clientIp = typeof context?.clientIp === 'string' ? context.clientIp : '';
    const link = {
      locationId: input.location_id,
      origin: input.origin ?? '',
      placement: input.event === 'visit_shop' ? 'visit_shop' : 'offer',
      productId: input.product_id ?? '',
    };
    const answer = await resolveClickOut(request, link, clientIp);
    if (!answer)
      return privateJson(
        {
          message: 'Not found',
          error: 'Not found',
          errors: [{ field: 'location_id', reason: 'is not a click-out location', rule: 'exists' }],
        },
        404,
      );
    return privateJson({
      data: {
        clickId: answer.clickId,
        targetUrl: answer.targetUrl,
        price: moneyJson(answer.price),
        counted: answer.counted,
      },
    });
  },
});
