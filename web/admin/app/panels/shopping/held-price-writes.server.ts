import { data } from '@remix-run/node';
import { z } from 'zod';
import { panelPath } from '../../panels/panels';
import { confirmHeldPrice, heldOffers } from '../../services/held-prices.server';
import type { StaffContext } from '../../auth/staff-session.server';
import { intent } from '../../writes/staff-write.server';

const offerField = z.string().trim().min(1, 'field.required').max(200, 'field.tooLong');

/** The held prices page's write: confirm a held price (ADR 146), after a confirm step. */
export function heldPriceWrites() {
  const here = panelPath('shopping', 'held-prices');
  const heldOf = async (context: StaffContext, offerId: string) => {
    const offer = (await heldOffers(context.user.id)).find((row) => row.id === offerId);
    if (!offer) throw data({ notFound: true }, { status: 404 });
    return offer;
  };
  return {
    confirm: intent({
      schema: z.object({ offerId: offerField }),
      // The price then counts everywhere at once: lowest price, deals, price alerts.
      destructive: true,
      summary: async ({ offerId }, context, t) => {
        const offer = await heldOf(context, offerId);
        return {
          title: t('heldPrices.summary.confirm', { shop: offer.shop, name: offer.name, price: offer.price }),
          // What the hold rests on: the price against what the other shops ask.
          facts: [
            { label: t('heldPrices.price'), value: offer.price },
            {
              label: t('heldPrices.median'),
              value: t('heldPrices.medianOf', { median: offer.median, count: String(offer.compared) }),
            },
            { label: t('heldPrices.since'), value: offer.heldSince.slice(0, 16).replace('T', ' ') },
          ],
          changes: [{ label: t('heldPrices.counts'), before: t('app.no'), after: t('app.yes') }],
        };
      },
      perform: async ({ offerId }, context) => {
        await confirmHeldPrice(context.user.id, offerId);
        return `${here}?done=1`;
      },
    }),
  };
}
