import type { Logger } from 'pino';
import type { Cache } from '@pc/kit/ports/cache';
import type { PushEndpointPolicy } from '../push/push-endpoint.js';
import type { AlertIndex } from '../domain/alert-index.js';
import type { AlertRepository } from '../store/alert-repository.js';
import type { DeliveryRepositories } from '../store/delivery-repositories.js';
import type { SubscriptionRepository } from '../store/subscription-repository.js';
import type { AccountDirectory } from '../workflows/account-directory.js';
import type { AlertFiring } from '../workflows/alert-firing.js';
import type { AlertMailLinks } from '../workflows/alert-mail-links.js';
import type { CurrentPrices } from '../workflows/current-prices.js';
import type { NotificationSender } from '../workflows/notification-sender.js';
import type { ProductWatches } from '../workflows/product-watches.js';

/** What the gRPC handlers work with. */
export interface NotificationsDependencies {
  readonly vapidPublicKey: string;
  readonly subscriptions: SubscriptionRepository;
  readonly alerts: AlertRepository;
  readonly deliveries: DeliveryRepositories;
  readonly index: AlertIndex;
  readonly firing: AlertFiring;
  readonly sender: NotificationSender;
  /** Signs and reads the "stop e-mails" links of alert mails (ADR 152). */
  readonly mailLinks: AlertMailLinks;
  readonly directory: AccountDirectory;
  readonly prices: CurrentPrices;
  /** Recounts the alerts watching a product after a write that may move the count (for the crawler). */
  readonly watches: ProductWatches;
  /** Countries alerts may watch → the currency their prices compare in (ALERT_MARKETS). */
  readonly markets: ReadonlyMap<string, string>;
  readonly cache: Cache;
  /** Which push endpoints may be stored and reached (public https hosts; our local push service when allowed). */
  readonly endpoints: PushEndpointPolicy;
  readonly siteName: string;
  readonly clock: () => Date;
  readonly logger: Logger;
}
