import { useCallback, useEffect, useMemo, useReducer } from 'react';
import { browserPushEnvironment, currentPermission, currentSubscription, pushSupported } from '~/push/push-browser';
import { askPermission, disablePush, enablePush } from '~/push/push-flow';
import { initialPushState, pushReducer, pushView } from '~/push/push-state';
import { useSite } from '~/site/use-site';

/** The push helper's state in this browser (spec §4), looked at once the page runs, and its actions. */
export function usePush() {
  const { t, language } = useSite();
  const [state, dispatch] = useReducer(pushReducer, initialPushState);
  const env = useMemo(
    () => browserPushEnvironment(language, { title: t('push.welcomeTitle'), body: t('push.welcomeBody') }),
    [language, t],
  );
  useEffect(() => {
    if (!pushSupported())
      return dispatch({ type: 'detected', supported: false, permission: 'default', subscribed: false });
    let live = true;
    void currentSubscription()
      .catch(() => null)
      .then(
        (subscription) =>
          live &&
          dispatch({
            type: 'detected',
            supported: true,
            permission: currentPermission(),
            subscribed: subscription !== null,
          }),
      );
    return () => {
      live = false;
    };
  }, []);
  const enable = useCallback(() => void enablePush(env, dispatch), [env]);
  const disable = useCallback(() => void disablePush(env, dispatch), [env]);
  const ask = useCallback(() => void askPermission(env, dispatch), [env]);
  return { view: pushView(state), state, enable, disable, ask };
}
