import { data } from '@remix-run/node';
import { z } from 'zod';
import { panelPath } from '../../panels/panels';
import { productById } from '../../services/catalog.server';
import {
  flagWrongMatch,
  productOffersForStaff,
  setOfferHidden,
  splitOffers,
} from '../../services/offer-moderation.server';
import type { StaffContext } from '../../auth/staff-session.server';
import { intent } from '../../writes/staff-write.server';

const offerField = z.string().trim().min(1, 'field.required').max(200, 'field.tooLong');
const reasonField = z.string().trim().min(1, 'field.required').max(500, 'field.tooLong');

/** The split form's checkboxes: one field per picked offer, `split:<offer id>`. */
export const SPLIT_PREFIX = 'split:';
const pickedOffers = (fields: Record<string, string>): string[] =>
  Object.keys(fields)
    .filter((key) => key.startsWith(SPLIT_PREFIX))
    .map((key) => key.slice(SPLIT_PREFIX.length));

const splitForm = z
  .object({ targetId: z.string().trim().min(1, 'field.required').max(100, 'field.tooLong'), reason: reasonField })
  .catchall(z.string())
  .superRefine((fields, issues) => {
    if (pickedOffers(fields).length === 0)
      issues.addIssue({ code: 'custom', path: ['offers'], message: 'field.pickOffers' });
  });

/** The offers of a product's offers page: hide (with a reason), list again, flag a wrong match. */
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
    split: intent({
      schema: splitForm,
      check: async (fields, _context, t) => {
        if (fields.targetId === productId) return { targetId: t('field.sameProduct') };
        return (await productById(fields.targetId, 'en')) ? null : { targetId: t('field.unknownProduct') };
      },
      summary: async (fields, context, t) => {
        const picked = new Set(pickedOffers(fields));
        const moving = (await productOffersForStaff(context.user.id, productId)).filter((row) => picked.has(row.id));
        if (moving.length !== picked.size) throw data({ notFound: true }, { status: 404 });
        const target = await productById(fields.targetId, 'en');
        return {
          title: t('offers.summary.split', { count: moving.length, target: target?.name ?? fields.targetId }),
          changes: [
            ...moving.map((row) => ({
              label: `${row.shop}: ${row.name}`,
              before: productId,
              after: `${target?.name ?? ''} (${fields.targetId})`,
            })),
            { label: t('offers.splitReason'), before: '', after: fields.reason },
          ],
        };
      },
      perform: async (fields, context) => {
        await splitOffers(context.user.id, productId, pickedOffers(fields), fields.targetId, fields.reason);
        return `${here}?done=1`;
      },
    }),
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
