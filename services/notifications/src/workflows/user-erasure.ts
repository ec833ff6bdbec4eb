import type { Logger } from 'pino';
import type { AlertIndex } from '../domain/alert-index.js';
import type { AlertRepository } from '../store/alert-repository.js';
import type { DeliveryRepositories } from '../store/delivery-repositories.js';
import type { SubscriptionRepository } from '../store/subscription-repository.js';
import type { AccountDirectory } from './account-directory.js';
import type { ProductWatches } from './product-watches.js';

/** AccountDeleted: the user's alerts, push subscriptions, firings and notification log go. */
export class UserErasure {
  constructor(
    private readonly parts: {
      alerts: AlertRepository;
      subscriptions: SubscriptionRepository;
      deliveries: DeliveryRepositories;
      index: AlertIndex;
      directory: AccountDirectory;
      watches: ProductWatches;
      logger: Logger;
    },
  ) {}

  async erase(userId: string): Promise<void> {
    const { alerts, subscriptions, deliveries, index, directory, watches, logger } = this.parts;
    directory.forget(userId);
    const watched = new Set<string>();
    for (const alert of await alerts.find({ userId })) {
      await alerts.collection.delete(alert._id);
      index.remove(alert._id);
      watched.add(alert.productId);
    }
    await watches.touched(watched);
    await subscriptions.deleteForUser(userId);
    await deliveries.deleteForUser(userId);
    logger.info({ userId }, 'deleted account: alerts, subscriptions and notifications erased');
  }
}
