import { z } from 'zod';
import { deletePromotion } from '../../services/affiliates.server';
import { intent } from '../../writes/staff-write.server';
import { panelPath } from '../panels';

/** The promotions page's write: removing one (its click-out then leads to the shop's homepage). */
export const promotionWrites = {
  delete: intent({
    schema: z.object({
      promotionId: z.string().trim().min(1, 'field.required'),
      title: z.string().trim().max(200).default(''),
    }),
    destructive: true,
    summary: async ({ title }, _context, t) => ({
      title: t('promotions.summary.delete', { title }),
      changes: [{ label: t('promotions.promotion'), before: title, after: '' }],
    }),
    perform: async ({ promotionId }, context) => {
      await deletePromotion(context.user.id, promotionId);
      return `${panelPath('affiliates', 'promotions')}?done=1`;
    },
  }),
};
