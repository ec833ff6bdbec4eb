/**
 * The push notification states of spec §4, as a reducer the helper and the button render from.
 * Unsupported without Notification or a service worker; enabled follows whether an active
 * subscription exists; the button is disabled while a change is under way; the helper (which
 * asks for permission) is hidden once permission is granted.
 */
export type Permission = 'default' | 'granted' | 'denied';

export interface PushState {
  /** `unknown` until the browser has been looked at (the server cannot know). */
  readonly support: 'unknown' | 'unsupported' | 'supported';
  readonly permission: Permission;
  /** An active subscription exists (the button shows "disable"). */
  readonly subscribed: boolean;
  /** A change (enable, disable, asking permission) is under way. */
  readonly busy: boolean;
}

export type PushEvent =
  | {
      readonly type: 'detected';
      readonly supported: boolean;
      readonly permission: Permission;
      readonly subscribed: boolean;
    }
  | { readonly type: 'started' }
  | { readonly type: 'permission'; readonly permission: Permission }
  | { readonly type: 'finished'; readonly subscribed: boolean };

export const initialPushState: PushState = {
  support: 'unknown',
  permission: 'default',
  subscribed: false,
  busy: false,
};

export function pushReducer(state: PushState, event: PushEvent): PushState {
  switch (event.type) {
    case 'detected':
      return {
        support: event.supported ? 'supported' : 'unsupported',
        permission: event.permission,
        subscribed: event.supported && event.subscribed,
        busy: false,
      };
    case 'started':
      return state.support === 'supported' ? { ...state, busy: true } : state;
    case 'permission':
      return { ...state, permission: event.permission };
    case 'finished':
      return { ...state, subscribed: event.subscribed, busy: false };
  }
}

/** What the push helper and the enable/disable button show for a state. */
export interface PushView {
  /** The button: absent when unsupported; "enable" or "disable" otherwise. */
  readonly button: 'none' | 'enable' | 'disable';
  readonly buttonDisabled: boolean;
  readonly unsupported: boolean;
  /** The helper that asks for permission: only while it is not granted. */
  readonly helper: boolean;
}

export function pushView(state: PushState): PushView {
  if (state.support === 'unsupported')
    return { button: 'none', buttonDisabled: true, unsupported: true, helper: false };
  return {
    button: state.subscribed ? 'disable' : 'enable',
    // Before the browser was looked at, the button waits (it cannot know the state yet).
    buttonDisabled: state.busy || state.support === 'unknown',
    unsupported: false,
    helper: state.support === 'supported' && state.permission !== 'granted',
  };
}
