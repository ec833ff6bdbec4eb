import type { Logger } from 'pino';
import type { Cache } from '@pc/kit/ports/cache';
import type { AlertIndex } from '../domain/alert-index.js';
import type { AlertRepository } from '../store/alert-repository.js';
import type { DeliveryRepositories } from '../store/delivery-repositories.js';
import type { SubscriptionRepository } from '../store/subscription-repository.js';
import type { AccountDirectory } from '../workflows/account-directory.js';
import type { AlertFiring } from '../workflows/alert-firing.js';
import type { CurrentPrices } from '../workflows/current-prices.js';
import type { NotificationSender } from '../workflows/notification-sender.js';

/** What the gRPC handlers work with. */
export interface NotificationsDependencies {
  readonly vapidPublicKey: string;
  readonly subscriptions: SubscriptionRepository;
  readonly alerts: AlertRepository;
  readonly deliveries: DeliveryRepositories;
  readonly index: AlertIndex;
  readonly firing: AlertFiring;
  readonly sender: NotificationSender;
  readonly directory: AccountDirectory;
  readonly prices: CurrentPrices;
  readonly cache: Cache;
  /** Accept http:// endpoints on loopback hosts (the local push service of tests and local runs). */
  readonly allowLocalHttpPush: boolean;
  readonly siteName: string;
  readonly clock: () => Date;
  readonly logger: Logger;
}
