import { data } from '@remix-run/node';
import { z } from 'zod';
import { panelPath } from '../../panels/panels';
import { flagWrongMatch, productOffersForStaff, setOfferHidden } from '../../services/offer-moderation.server';
import type { StaffContext } from '../../auth/staff-session.server';
import { intent } from '../../writes/staff-write.server';
import { splitIntent } from './split-writes.server';

const offerField = z.string().trim().min(1, 'field.required').max(200, 'field.tooLong');
const reasonField = z.string().trim().min(1, 'field.required').max(500, 'field.tooLong');

/** The offers of a product's offers page: hide (with a reason), list again, flag a wrong match, split (split-writes). */
export function offerWrites(productId: string) {
  const here = panelPath('shopping', `products/${encodeURIComponent(productId)}/offers`);
  const offerOf = async (context: StaffContext, offerId: string) => {
    const offer = (await productOffersForStaff(context.user.id, productId)).find((row) => row.id === offerId);
    if (!offer) throw data({ notFound: true }, { status: 404 });
    return offer;
  };
  return {
    hide: intent({
      schema: z.object({ offerId: offerField, reason: reasonField }),
      summary: async ({ offerId, reason }, context, t) => {
        const offer = await offerOf(context, offerId);
        return {
          title: t('offers.summary.hide', { shop: offer.shop, name: offer.name }),
          changes: [
            { label: t('offers.listed'), before: t(offer.inactiveReason ? 'app.no' : 'app.yes'), after: t('app.no') },
            { label: t('offers.hiddenReason'), before: offer.hiddenReason, after: reason },
          ],
        };
      },
      perform: async ({ offerId, reason }, context) => {
        await setOfferHidden(context.user.id, offerId, true, reason);
        return `${here}?done=1`;
      },
    }),
    unhide: intent({
      schema: z.object({ offerId: offerField }),
      summary: async ({ offerId }, context, t) => {
        const offer = await offerOf(context, offerId);
        return {
          title: t('offers.summary.unhide', { shop: offer.shop, name: offer.name }),
          changes: [{ label: t('offers.hiddenReason'), before: offer.hiddenReason, after: '' }],
        };
      },
      perform: async ({ offerId }, context) => {
        await setOfferHidden(context.user.id, offerId, false, '');
        return `${here}?done=1`;
      },
    }),
    split: splitIntent(productId),
    flag: intent({
      schema: z.object({ offerId: offerField, reason: reasonField }),
      // The veto is for good: the offer never comes back to this product by itself.
      destructive: true,
      summary: async ({ offerId, reason }, context, t) => {
        const offer = await offerOf(context, offerId);
        return {
          title: t('offers.summary.flag', { shop: offer.shop, name: offer.name }),
          changes: [
            { label: t('offers.product'), before: productId, after: t('offers.rematched') },
            { label: t('offers.flagReason'), before: '', after: reason },
          ],
        };
      },
      perform: async ({ offerId, reason }, context) => {
        await flagWrongMatch(context.user.id, offerId, reason);
        return `${here}?done=1`;
      },
    }),
  };
}
