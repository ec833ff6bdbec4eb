import type { Permission, PushEvent } from './push-state';

/** A subscription as PushSubscription.toJSON() gives it (spec §3: endpoint and keys). */
export interface SubscriptionJson {
  readonly endpoint: string;
  readonly expirationTime?: number | null;
  readonly keys: { readonly p256dh: string; readonly auth: string };
}

/** What the flows need of the browser and the site's API (the browser's in push-browser.ts, fakes in tests). */
export interface PushEnvironment {
  requestPermission(): Promise<Permission>;
  /** The VAPID public key (GET /api/vapid-public-key). */
  vapidKey(): Promise<string>;
  /** pushManager.subscribe with the key; the subscription's JSON. */
  subscribe(applicationServerKey: string): Promise<SubscriptionJson>;
  /** The active subscription, if any. */
  current(): Promise<SubscriptionJson | null>;
  /** Unsubscribes the active subscription in the browser. */
  unsubscribe(): Promise<void>;
  /** POST /api/subscribe; false when the site refused it. */
  save(subscription: SubscriptionJson): Promise<boolean>;
  /** POST /api/unsubscribe with the endpoint. */
  remove(endpoint: string): Promise<void>;
  welcome(): Promise<void>;
  log(message: string, detail?: unknown): void;
}

type Dispatch = (event: PushEvent) => void;

/**
 * Enabling (spec §4): ask permission; if granted, subscribe with the VAPID key, send the
 * subscription to the server, then show a welcome notification. Not granted: nothing happens
 * but a console log. A failure leaves the browser unsubscribed, as the server knows it.
 */
export async function enablePush(env: PushEnvironment, dispatch: Dispatch): Promise<void> {
  dispatch({ type: 'started' });
  let subscribed = false;
  try {
    const permission = await env.requestPermission();
    dispatch({ type: 'permission', permission });
    if (permission !== 'granted') {
      env.log(`push notifications: permission ${permission}`);
      return;
    }
    const subscription = await env.subscribe(await env.vapidKey());
    if (!(await env.save(subscription))) {
      await env.unsubscribe();
      env.log('push notifications: the site refused the subscription');
      return;
    }
    subscribed = true;
    await env.welcome().catch((error: unknown) => env.log('push notifications: no welcome notification', error));
  } catch (error) {
    env.log('push notifications: enabling failed', error);
  } finally {
    dispatch({ type: 'finished', subscribed });
  }
}

/** Disabling (spec §4): post the endpoint to the server, then unsubscribe in the browser. */
export async function disablePush(env: PushEnvironment, dispatch: Dispatch): Promise<void> {
  dispatch({ type: 'started' });
  let subscribed = true;
  try {
    const subscription = await env.current();
    if (subscription) await env.remove(subscription.endpoint);
    await env.unsubscribe();
    subscribed = false;
  } catch (error) {
    env.log('push notifications: disabling failed', error);
    subscribed = (await env.current().catch(() => null)) !== null;
  } finally {
    dispatch({ type: 'finished', subscribed });
  }
}

/** The helper's button (spec §4): only asks for permission. */
export async function askPermission(env: PushEnvironment, dispatch: Dispatch): Promise<void> {
  const permission = await env.requestPermission();
  dispatch({ type: 'permission', permission });
  if (permission !== 'granted') env.log(`push notifications: permission ${permission}`);
}
