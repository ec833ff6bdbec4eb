import { useActionData } from '@remix-run/react';
import { endOtherSessionsForm, endSessionForm } from '~/account/forms';
import type { FormResult } from '~/auth/page-forms';
import { FormNotice } from '~/components/forms/FormNotice';
import { PageForm } from '~/components/forms/PageForm';
import type { SessionView } from '~/data/account-sessions.server';
import { formatDate, formatUtcTime } from '~/i18n/format';
import { useSite } from '~/site/use-site';

/** "Chrome on Windows", or what is known of it. */
function useDeviceLabel() {
  const { t } = useSite();
  return ({ device }: SessionView) => {
    if (device.browser && device.system)
      return t('account.sessionDevice', { browser: device.browser, system: device.system });
    return device.browser || device.system || t('account.sessionUnknownDevice');
  };
}

/**
 * Where the user is signed in (ADR 149): each session with its device, address and last use,
 * this browser's marked; a lost phone is signed out from here, or every other device at once.
 */
export function SessionsSection({ sessions }: { sessions: readonly SessionView[] }) {
  const { t, tag } = useSite();
  const label = useDeviceLabel();
  const when = (iso: string | null) => (iso ? `${formatDate(iso, tag)}, ${formatUtcTime(iso, tag)} UTC` : '');
  const others = sessions.filter((session) => !session.current);
  // The rows' buttons answer here, once for the list.
  const answer = useActionData<FormResult>();
  const rowAnswer = answer?.intent === 'endSession' ? answer : undefined;
  return (
    <>
      <p className="muted">{t('account.sessionsIntro')}</p>
      <FormNotice error={rowAnswer?.error} done={rowAnswer?.done} />
      <ul className="session-list">
        {sessions.map((session) => (
          <li key={session.id} className="session-item">
            <div>
              <strong>{label(session)}</strong>
              {session.current ? <span className="badge">{t('account.sessionCurrent')}</span> : null}
              <p className="muted">
                {t('account.sessionLastActive', { time: when(session.lastActiveAt) })} ·{' '}
                {t('account.sessionSignedIn', { time: when(session.signedInAt) })}
                {session.ip ? ` · ${t('account.sessionAddress', { ip: session.ip })}` : null}
              </p>
            </div>
            {session.current ? null : (
              <PageForm
                schema={endSessionForm}
                intent="endSession"
                hidden={{ session_id: session.id }}
                submit={t('account.sessionEnd')}
                submitLabel={t('account.sessionEndNamed', { device: label(session) })}
                submitClassName=""
                className="inline-form"
                showResult={false}
              />
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <PageForm
          schema={endOtherSessionsForm}
          intent="endOtherSessions"
          submit={t('account.sessionsEndOthers')}
          submitClassName=""
          className="inline-form"
        />
      ) : null}
    </>
  );
}
