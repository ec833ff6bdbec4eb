import { alertJson } from '~/api/mappers/alerts.server';
import { notifications } from '~/services/notifications.server';
import type { SiteContext } from '~/site/site-context.server';
import type { ProductCardData } from './cards';
import { productCards } from './product-cards.server';

/** An alert as the alerts page shows it: the API's JSON shape with its product's card. */
export type AlertView = ReturnType<typeof alertJson> & { readonly product: ProductCardData | null };

/** The user's alerts, newest first, with their products (spec §2.2 account/alerts). */
export async function userAlerts(
  context: SiteContext,
  userId: string,
): Promise<{ alerts: AlertView[]; total: number }> {
  const answer = await notifications.listPriceAlerts({
    actorUserId: userId,
    productId: '',
    country: '',
    states: [],
    page: { page: 1, hitsPerPage: 100 },
  });
  const alerts = answer.alerts.map(alertJson);
  const cards = new Map(
    (
      await productCards(
        context,
        alerts.map((alert) => alert.product_id),
      )
    ).map((card) => [card.id, card]),
  );
  return {
    alerts: alerts.map((alert) => ({ ...alert, product: cards.get(alert.product_id) ?? null })),
    total: answer.page?.total ?? alerts.length,
  };
}
