import { useT } from '../i18n/use-t';
import type { SessionRow } from '../services/staff-accounts.server';
import { ReasonForm } from './ReasonForm';

/** "Chrome on Windows", or what is known of it. */
function browserLabel(row: SessionRow, t: ReturnType<typeof useT>): string {
  if (row.browser && row.system) return t('users.sessionBrowser', { browser: row.browser, system: row.system });
  return row.browser || row.system || t('users.sessionUnknown');
}

/**
 * A user's signed-in browsers (ADR 149) for support, and signing the user out everywhere without
 * a lock (the owner signs in again): a reason, then the confirm step; accounts audits it.
 */
export function UserSessions(props: {
  readonly sessions: readonly SessionRow[];
  readonly errors?: Readonly<Record<string, string>>;
  readonly reason?: string;
}) {
  const t = useT();
  return (
    <section aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">{t('users.sessions')}</h2>
      <section className="data-table">
        <table>
          <thead>
            <tr>
              <th scope="col">{t('users.sessionDevice')}</th>
              <th scope="col">{t('users.sessionIp')}</th>
              <th scope="col">{t('users.sessionLastActive')}</th>
              <th scope="col">{t('users.sessionSignedIn')}</th>
            </tr>
          </thead>
          <tbody>
            {props.sessions.length === 0 ? (
              <tr>
                <td colSpan={4}>{t('users.sessionsNone')}</td>
              </tr>
            ) : (
              props.sessions.map((row) => (
                <tr key={row.id}>
                  <td>{browserLabel(row, t)}</td>
                  <td>{row.ip || t('app.none')}</td>
                  <td>{row.lastActiveAt.replace('T', ' ').slice(0, 16)} UTC</td>
                  <td>
                    {row.signedInAt.replace('T', ' ').slice(0, 16)} UTC
                    {row.remembered ? ` · ${t('users.sessionRemembered')}` : ''}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </section>
      {props.sessions.length === 0 ? null : (
        <ReasonForm intent="endSessions" label={t('users.endSessions')} errors={props.errors} reason={props.reason} />
      )}
    </section>
  );
}
