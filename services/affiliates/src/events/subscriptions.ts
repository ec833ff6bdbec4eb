import type { Logger } from 'pino';
import { Events } from '@pc/proto/event-catalog';
import { on, subscribeEvents } from '@pc/kit/events/subscriber';
import type { EventBus, Subscription } from '@pc/kit/ports/event-bus';
import type { ClickRepository } from '../store/click-repository.js';
import type { OfferTargetRepository } from '../store/click-target-repository.js';
import type { ShopRepository } from '../store/shop-repository.js';
import { onOfferChanged, onShopChanged, onShopDeleted } from './catalogue-events.js';

/** Consumer group of affiliates' read models. */
export const AFFILIATES_GROUP = 'affiliates';

/**
 * What affiliates' main thread consumes: offers' OfferChanged, ShopChanged and ShopDeleted keep
 * the click-out read models (ADR 043); handlers are idempotent (read models keep the highest
 * version). Accounts' AccountDeleted clears the user from their clicks. Its own ClickRecorded is folded into the click statistics by a group of its own in a
 * thread of its own (`fold-thread.ts`, ADR 077), so a slow fold never holds click-outs back.
 */
export async function subscribeAffiliates(
  bus: EventBus,
  models: { offerTargets: OfferTargetRepository; shops: ShopRepository; clicks: ClickRepository },
  logger: Logger,
): Promise<Subscription[]> {
  const readModels = await subscribeEvents(bus, {
    group: AFFILIATES_GROUP,
    logger,
    concurrency: 64,
    handlers: [
      on(Events.offerChanged, (event) => onOfferChanged(models.offerTargets, event)),
      on(Events.shopChanged, (event) => onShopChanged(models.shops, event)),
      on(Events.shopDeleted, (event) => onShopDeleted(models.shops, event)),
      // A deleted account: its clicks are no longer tied to it (ADR 148).
      on(Events.accountDeleted, async (event) => void (await models.clicks.forgetUser(event.userId))),
    ],
  });
  return [readModels];
}
