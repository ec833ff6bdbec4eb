import { useSite } from '~/site/use-site';
import { TestNotification } from './TestNotification';
import { usePush } from './use-push';

/**
 * The push-notification helper of spec §2.8 and §4: the helper asking for permission (hidden
 * once it is granted), the enable/disable button (disabled while a change is under way;
 * "unsupported" where the browser has no notifications or service workers) and the test widget.
 */
export function PushPanel() {
  const { t } = useSite();
  const { view, state, enable, disable, ask } = usePush();
  return (
    <div className="push-panel">
      <noscript>
        <p>{t('push.needsScript')}</p>
      </noscript>
      {view.unsupported ? <p className="notice">{t('push.unsupported')}</p> : null}
      {view.helper ? (
        <div className="notice push-helper">
          <p>{t('push.helperText')}</p>
          <button type="button" onClick={ask} disabled={state.busy}>
            {t('push.helperButton')}
          </button>
        </div>
      ) : null}
      {view.button !== 'none' ? (
        <p className="push-toggle">
          <button
            type="button"
            className="primary"
            onClick={view.button === 'enable' ? enable : disable}
            disabled={view.buttonDisabled}
            aria-busy={state.busy || undefined}
          >
            {view.button === 'enable' ? t('push.enable') : t('push.disable')}
          </button>{' '}
          <span role="status" className="muted">
            {state.support === 'supported' ? (state.subscribed ? t('push.on') : t('push.off')) : ''}
          </span>
        </p>
      ) : null}
      <TestNotification />
    </div>
  );
}
