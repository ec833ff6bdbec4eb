import type { BrowserContext } from 'playwright-core';
import type { LocalSubscription } from '../../../services/notifications/src/push/local-push-service';

/**
 * Headless Chromium has no push service to subscribe with, so the page's own code path runs
 * against a stand-in: `PushManager.subscribe` answers a subscription of our local push service
 * (its endpoint and real P-256 keys; the encryption and decryption stay real) and remembers the
 * applicationServerKey the page asked with; `getSubscription` answers it while active (kept in
 * localStorage, so it outlives a page load as a browser's does); `unsubscribe` ends it.
 */
export async function stubPushManager(context: BrowserContext, subscription: LocalSubscription): Promise<void> {
  await context.addInitScript(
    (local: { endpoint: string; keys: { p256dh: string; auth: string } }) => {
      const ACTIVE = 'e2e-push-active';
      const make = (): PushSubscription =>
        ({
          endpoint: local.endpoint,
          expirationTime: null,
          options: {},
          getKey: () => null,
          toJSON: () => ({ endpoint: local.endpoint, expirationTime: null, keys: local.keys }),
          unsubscribe: async () => {
            localStorage.removeItem(ACTIVE);
            return true;
          },
        }) as unknown as PushSubscription;
      PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
        const key = options?.applicationServerKey;
        localStorage.setItem('e2e-push-key', typeof key === 'string' ? key : 'not a string');
        localStorage.setItem(ACTIVE, '1');
        return make();
      };
      PushManager.prototype.getSubscription = async function getSubscription() {
        return localStorage.getItem(ACTIVE) ? make() : null;
      };
    },
    { endpoint: subscription.endpoint, keys: subscription.keys },
  );
}
