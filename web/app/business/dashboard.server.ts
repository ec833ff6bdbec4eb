import type { User } from '@pc/proto/accounts/v1/types';
import { shopClicks, type ShopClicks } from './shop-clicks.server';
import { billingOverview, type BillingOverview } from '~/services/billing.server';
import { ownShops } from '~/services/offers.server';
import type { ShopView } from './shop-stage';
import { shopView } from './shop-view.server';

/** A shop row of the dashboard: the shop and its clicks (null: unavailable right now). */
export interface DashboardShop extends ShopView {
  readonly clicks: ShopClicks | null;
}

export interface DashboardData extends BillingOverview {
  readonly shops: readonly DashboardShop[];
}

/**
 * What the business dashboard shows (spec §2.2, §2.8): the owner's shops with their stage and
 * clicks (offers, affiliates), the subscription, card and invoices (billing). Each service checks
 * that the user reads only their own.
 */
export async function businessDashboard(user: User): Promise<DashboardData> {
  const [shops, billing] = await Promise.all([ownShops.list(user.id), billingOverview(user.id)]);
  const clicks = await shopClicks(
    user.id,
    shops.map((shop) => shop.id),
  );
  return {
    ...billing,
    shops: shops.map((shop) => ({
      ...shopView(shop),
      clicks: clicks ? (clicks.get(shop.id) ?? { today: 0, thisMonth: 0 }) : null,
    })),
  };
}
