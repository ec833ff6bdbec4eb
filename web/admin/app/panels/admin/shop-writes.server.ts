import { data } from '@remix-run/node';
import { z } from 'zod';
import type { StaffContext } from '../../auth/staff-session.server';
import { panelPath } from '../../panels/panels';
import { setShopGreen, setShopStatus, shopById, type ShopDetail } from '../../services/offers.server';
import { intent } from '../../writes/staff-write.server';
import { SHOP_STATUSES } from './shop-statuses';

const statusChange = z.object({
  status: z.enum(SHOP_STATUSES, { message: 'field.required' }),
  reason: z.string().trim().min(1, 'field.required').max(500, 'field.tooLong'),
});

const greenChange = z.object({
  green: z.enum(['true', 'false'], { message: 'field.required' }),
  reason: z.string().trim().min(1, 'field.required').max(500, 'field.tooLong'),
});

/** The shop a page shows (404 for a shop offers does not know or has deleted). */
export async function shopOf(context: StaffContext, shopId: string): Promise<ShopDetail> {
  const shop = await shopById(context.user.id, shopId);
  if (!shop) throw data({ notFound: true }, { status: 404 });
  return shop;
}

/** The writes of a shop's page in the admin panel: its lifecycle (activate, suspend, …) and its green certification; offers checks staff:admin and audits each. */
export function shopWrites(shopId: string) {
  return {
    status: intent({
      schema: statusChange,
      // Suspending delists every offer of the shop at once: the password again when it is old.
      destructive: true,
      summary: async ({ status, reason }, context, t) => {
        const shop = await shopOf(context, shopId);
        return {
          title: t('shops.summary.status', { name: shop.name, status: t(`shops.status.${status}`) }),
          changes: [
            { label: t('shops.status'), before: t(`shops.status.${shop.status}`), after: t(`shops.status.${status}`) },
            { label: t('shops.reason'), before: '', after: reason },
          ],
        };
      },
      perform: async ({ status, reason }, context) => {
        await setShopStatus(context.user.id, shopId, status, reason);
        return `${panelPath('admin', `shops/${encodeURIComponent(shopId)}`)}?done=1`;
      },
    }),
    // Certify the shop green, or withdraw it: its offers carry the leaf (EcoTip) from their next reading (ADR 108).
    green: intent({
      schema: greenChange,
      summary: async ({ green, reason }, context, t) => {
        const shop = await shopOf(context, shopId);
        const label = (value: boolean) => t(value ? 'shops.green.yes' : 'shops.green.no');
        return {
          title: t(green === 'true' ? 'shops.summary.green' : 'shops.summary.notGreen', { name: shop.name }),
          changes: [
            { label: t('shops.green'), before: label(shop.green), after: label(green === 'true') },
            { label: t('shops.green.why'), before: '', after: reason },
          ],
        };
      },
      perform: async ({ green, reason }, context) => {
        await setShopGreen(context.user.id, shopId, green === 'true', reason);
        return `${panelPath('admin', `shops/${encodeURIComponent(shopId)}`)}?done=1`;
      },
    }),
  };
}
