import { disablePush, enablePush, type PushEnvironment, type SubscriptionJson } from './push-flow';
import { initialPushState, pushReducer, pushView, type Permission, type PushEvent, type PushState } from './push-state';

const SUBSCRIPTION: SubscriptionJson = {
  endpoint: 'https://push.example.test/s/1',
  expirationTime: null,
  keys: { p256dh: 'BPk', auth: 'xyz' },
};

/** A browser and site stand-in that records every call, in order. */
function fakeBrowser(
  options: { permission?: Permission; saved?: boolean; subscribed?: boolean; failRemove?: boolean } = {},
) {
  const calls: string[] = [];
  let active: SubscriptionJson | null = options.subscribed ? SUBSCRIPTION : null;
  const env: PushEnvironment = {
    requestPermission: async () => (calls.push('permission'), options.permission ?? 'granted'),
    vapidKey: async () => (calls.push('vapid-key'), 'BVapidKey'),
    subscribe: async (key) => {
      calls.push(`subscribe ${key}`);
      active = SUBSCRIPTION;
      return SUBSCRIPTION;
    },
    current: async () => active,
    unsubscribe: async () => {
      calls.push('unsubscribe');
      active = null;
    },
    save: async (subscription) => (calls.push(`save ${subscription.endpoint}`), options.saved ?? true),
    remove: async (endpoint) => {
      calls.push(`remove ${endpoint}`);
      if (options.failRemove) throw new Error('offline');
    },
    welcome: async () => void calls.push('welcome'),
    log: (message) => void calls.push(`log ${message}`),
  };
  return { env, calls, active: () => active };
}

/** Runs a flow against the reducer, keeping every state it passed through. */
async function run(flow: typeof enablePush, env: PushEnvironment, start: PushState) {
  const states: PushState[] = [start];
  const dispatch = (event: PushEvent) => states.push(pushReducer(states[states.length - 1] ?? start, event));
  await flow(env, dispatch);
  return states;
}

const supported = (subscribed: boolean, permission: Permission = 'default') =>
  pushReducer(initialPushState, { type: 'detected', supported: true, permission, subscribed });

describe('push notification states (spec §4)', () => {
  it('is unsupported without notifications or service workers: no button, no helper', () => {
    const state = pushReducer(initialPushState, {
      type: 'detected',
      supported: false,
      permission: 'default',
      subscribed: true,
    });
    expect(pushView(state)).toEqual({ button: 'none', buttonDisabled: true, unsupported: true, helper: false });
    expect(pushReducer(state, { type: 'started' })).toBe(state);
  });

  it('shows enable or disable as a subscription exists, and waits before the browser was looked at', () => {
    expect(pushView(initialPushState)).toMatchObject({ button: 'enable', buttonDisabled: true });
    expect(pushView(supported(false))).toMatchObject({ button: 'enable', buttonDisabled: false, helper: true });
    expect(pushView(supported(true, 'granted'))).toMatchObject({
      button: 'disable',
      buttonDisabled: false,
      helper: false,
    });
  });

  it('enables: permission, subscribe with the VAPID key, send to the server, then welcome; the button is disabled meanwhile', async () => {
    const browser = fakeBrowser();
    const states = await run(enablePush, browser.env, supported(false));
    expect(browser.calls).toEqual([
      'permission',
      'vapid-key',
      'subscribe BVapidKey',
      `save ${SUBSCRIPTION.endpoint}`,
      'welcome',
    ]);
    expect(states.slice(1, -1).every((state) => pushView(state).buttonDisabled)).toBe(true);
    const last = states[states.length - 1] as PushState;
    expect(pushView(last)).toEqual({ button: 'disable', buttonDisabled: false, unsupported: false, helper: false });
  });

  it('does nothing but log when permission is not granted', async () => {
    const browser = fakeBrowser({ permission: 'denied' });
    const states = await run(enablePush, browser.env, supported(false));
    expect(browser.calls).toEqual(['permission', 'log push notifications: permission denied']);
    expect(pushView(states[states.length - 1] as PushState)).toMatchObject({
      button: 'enable',
      buttonDisabled: false,
      helper: true,
    });
  });

  it('stays disabled, and unsubscribed in the browser, when the site refuses the subscription', async () => {
    const browser = fakeBrowser({ saved: false });
    const states = await run(enablePush, browser.env, supported(false));
    expect(browser.calls).not.toContain('welcome');
    expect(browser.active()).toBeNull();
    expect((states[states.length - 1] as PushState).subscribed).toBe(false);
  });

  it('disables: posts the endpoint to the server, then unsubscribes', async () => {
    const browser = fakeBrowser({ subscribed: true, permission: 'granted' });
    const states = await run(disablePush, browser.env, supported(true, 'granted'));
    expect(browser.calls).toEqual([`remove ${SUBSCRIPTION.endpoint}`, 'unsubscribe']);
    expect(states[1]?.busy).toBe(true);
    expect(pushView(states[states.length - 1] as PushState)).toMatchObject({ button: 'enable', buttonDisabled: false });
  });

  it('stays enabled when the server could not be told', async () => {
    const browser = fakeBrowser({ subscribed: true, permission: 'granted', failRemove: true });
    const states = await run(disablePush, browser.env, supported(true, 'granted'));
    expect(browser.calls).not.toContain('unsubscribe');
    expect(pushView(states[states.length - 1] as PushState)).toMatchObject({
      button: 'disable',
      buttonDisabled: false,
    });
  });
});
