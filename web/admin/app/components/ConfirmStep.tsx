import { useContext } from 'react';
import { useT } from '../i18n/use-t';
import type { WriteState } from '../writes/write-state';
import { CsrfContext, FieldError } from './staff-form';

/**
 * The confirm step of every write: what will change, before and after, and a form that posts the
 * same fields again with `_confirmed=1` (and the password, when a destructive write needs it).
 * Cancel is a link back to the page: nothing was written.
 */
export function ConfirmStep(props: {
  readonly state: Extract<WriteState, { stage: 'confirm' }>;
  readonly cancelHref: string;
  readonly action?: string;
}) {
  const t = useT();
  const csrf = useContext(CsrfContext);
  const { state } = props;
  return (
    <section className={`confirm-step${state.destructive ? ' destructive' : ''}`} aria-labelledby="confirm-title">
      <h2 id="confirm-title" tabIndex={-1}>
        {t('confirm.title')}: {state.summary.title}
      </h2>
      <p>{t('confirm.help')}</p>
      {state.destructive ? <p className="warning">{t('confirm.destructive')}</p> : null}
      {state.summary.facts && state.summary.facts.length > 0 ? (
        <dl className="facts confirm-facts">
          {state.summary.facts.map((fact) => (
            <div key={fact.label}>
              <dt>{fact.label}</dt>
              <dd>{fact.value || t('app.none')}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {state.summary.changes.length > 0 ? (
        <table className="changes">
          <thead>
            <tr>
              <th scope="col">{t('confirm.field')}</th>
              <th scope="col">{t('confirm.before')}</th>
              <th scope="col">{t('confirm.after')}</th>
            </tr>
          </thead>
          <tbody>
            {state.summary.changes.map((change) => (
              <tr key={change.label}>
                <th scope="row">{change.label}</th>
                <td>{change.before || t('app.none')}</td>
                <td>{change.after || t('app.none')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <form method="post" action={props.action} className="confirm-form">
        <input type="hidden" name="_csrf" value={csrf} />
        <input type="hidden" name="_intent" value={state.intent} />
        <input type="hidden" name="_confirmed" value="1" />
        {Object.entries(state.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {state.needsPassword ? (
          <p>
            <label>
              {t('confirm.reauth')}{' '}
              <input
                type="password"
                name="_password"
                autoComplete="current-password"
                required
                aria-describedby="_password-error"
              />
            </label>
            <FieldError name="_password" errors={state.errors} />
          </p>
        ) : null}
        <button type="submit" className={state.destructive ? 'danger' : 'primary'} autoFocus={!state.needsPassword}>
          {t('confirm.submit')}
        </button>{' '}
        <a href={props.cancelHref}>{t('confirm.cancel')}</a>
      </form>
    </section>
  );
}
