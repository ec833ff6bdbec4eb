import { apiGet, apiSend } from '~/site/api-client';
import type { PushEnvironment, SubscriptionJson } from './push-flow';
import type { Permission } from './push-state';

/** Spec §3 storage: the username the test widget sends to is kept in local storage. */
export const USERNAME_KEY = 'username';

/** Spec §4: unsupported if the browser lacks notifications or service workers (or push). */
export const pushSupported = (): boolean =>
  typeof window !== 'undefined' && 'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window;

export const currentPermission = (): Permission => Notification.permission;

/** The site's service worker (web/public/sw.js): shows the pushes, opens the product on click. */
async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register('/sw.js');
  return navigator.serviceWorker.ready;
}

const json = (subscription: PushSubscription): SubscriptionJson => subscription.toJSON() as SubscriptionJson;

/** The username of the test widget, stored in this browser. */
export function storedUsername(): string {
  try {
    return localStorage.getItem(USERNAME_KEY) ?? '';
  } catch {
    return '';
  }
}

/** POST /api/subscribe: the subscription, the widget's username and the interface language. */
export async function saveSubscription(subscription: SubscriptionJson, language: string): Promise<boolean> {
  const { endpoint, keys, expirationTime } = subscription;
  const answer = await apiSend('POST', '/api/subscribe', {
    endpoint,
    keys,
    expirationTime: expirationTime ?? null,
    username: storedUsername(),
    language,
  });
  return answer.ok;
}

/** The active subscription of this browser, if any. */
export async function currentSubscription(): Promise<SubscriptionJson | null> {
  const found = await (await registration()).pushManager.getSubscription();
  return found ? json(found) : null;
}

/** The browser's side of the push flows (push-flow.ts), with the texts of the welcome notification. */
export function browserPushEnvironment(language: string, welcome: { title: string; body: string }): PushEnvironment {
  return {
    requestPermission: async () => (await Notification.requestPermission()) as Permission,
    vapidKey: async () => (await apiGet<{ publicKey: string }>('/api/vapid-public-key')).body?.publicKey ?? '',
    // The key as base64url: browsers take the string as it is.
    subscribe: async (key) =>
      json(await (await registration()).pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })),
    current: currentSubscription,
    unsubscribe: async () => {
      await (await (await registration()).pushManager.getSubscription())?.unsubscribe();
    },
    save: (subscription) => saveSubscription(subscription, language),
    remove: async (endpoint) => {
      const answer = await apiSend('POST', '/api/unsubscribe', { endpoint });
      if (!answer.ok) throw new Error(`unsubscribe answered ${answer.status}`);
    },
    welcome: async () => {
      await (await registration()).showNotification(welcome.title, { body: welcome.body, tag: 'welcome' });
    },
    // Spec §8: "push permission not granted: only a console log" (not an error: nothing went wrong).
    // eslint-disable-next-line no-console
    log: (message, detail) => console.log(message, detail ?? ''),
  };
}
