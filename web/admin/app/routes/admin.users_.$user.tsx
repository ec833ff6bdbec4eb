import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { requireStaff } from '../auth/staff-session.server';
import { ConfirmStep } from '../components/ConfirmStep';
import { Flash } from '../components/Flash';
import { FieldError, FormError, StaffForm } from '../components/staff-form';
import { useT } from '../i18n/use-t';
import { userOf, userWrites } from '../panels/admin/user-writes.server';
import { userSessions } from '../services/staff-accounts.server';
import { ReasonForm } from '../components/ReasonForm';
import { UserSessions } from '../components/UserSessions';
import { panelPath, STAFF_PANELS } from '../panels/panels';
import { stateOf, type WriteState } from '../writes/write-state';
import { staffWrite } from '../writes/staff-write.server';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'admin');
  const user = await userOf(params.user ?? '', context.user.id);
  const sessions = await userSessions(context.user.id, user.id);
  return data(
    { user, sessions, done: new URL(request.url).searchParams.has('done'), self: user.id === context.user.id },
    { headers: { 'Set-Cookie': context.setCookie } },
  );
}

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  staffWrite(request, 'admin', userWrites(params.user ?? ''), context as { clientIp?: unknown });

/** One user: staff roles (grant, revoke), lock and unlock, signed-in browsers and signing out, two-step sign-in off, verify the address, delete. */
export default function UserPage() {
  const t = useT();
  const { user, sessions, done, self } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>() as WriteState | undefined;
  const here = panelPath('admin', `users/${user.id}`);
  if (state?.stage === 'confirm') return <ConfirmStep state={state} cancelHref={here} />;
  const errors = (name: string) => stateOf(state, name)?.errors as Record<string, string> | undefined;
  return (
    <>
      <p>
        <a href={panelPath('admin', 'users')}>{t('users.title')}</a>
      </p>
      <h1>{t('users.detail', { email: user.email })}</h1>
      <Flash done={done} />
      <dl className="facts">
        <dt>{t('users.name')}</dt>
        <dd>{user.name || t('app.none')}</dd>
        <dt>{t('users.status')}</dt>
        <dd>
          {[
            user.locked ? t('users.lockedBecause', { reason: user.lockedReason }) : '',
            user.verified ? t('users.verified') : t('users.unverified'),
            user.business ? t('users.business') : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </dd>
        <dt>{t('users.created')}</dt>
        <dd>{user.createdAt.slice(0, 10)}</dd>
        <dt>{t('users.twoStep')}</dt>
        <dd>
          {user.twoStepOnSince
            ? t('users.twoStepOnSince', { date: user.twoStepOnSince.slice(0, 10) })
            : t('users.twoStepOff')}
        </dd>
      </dl>

      <h2>{t('users.roles')}</h2>
      <ul className="roles">
        {user.roles.map((role) => (
          <li key={role}>
            staff:{role}{' '}
            <StaffForm intent="revoke" className="inline-form" label={t('users.revoke', { role: `staff:${role}` })}>
              <input type="hidden" name="role" value={role} />
              <button type="submit">{t('users.revoke', { role: `staff:${role}` })}</button>
            </StaffForm>
          </li>
        ))}
      </ul>
      <FormError errors={errors('revoke')} />
      <StaffForm intent="grant" label={t('users.grant')}>
        <FormError errors={errors('grant')} />
        <label htmlFor="grant-role">{t('users.role')}</label>
        <select id="grant-role" name="role" aria-describedby="role-error">
          {STAFF_PANELS.filter((panel) => !user.roles.includes(panel)).map((panel) => (
            <option key={panel} value={panel}>
              staff:{panel}
            </option>
          ))}
        </select>
        <FieldError name="role" errors={errors('grant')} /> <button type="submit">{t('users.grant')}</button>
      </StaffForm>

      <h2>{t('users.status')}</h2>
      {user.locked ? (
        <StaffForm intent="unlock" label={t('users.unlock')}>
          <FormError errors={errors('unlock')} />
          <button type="submit">{t('users.unlock')}</button>
        </StaffForm>
      ) : self ? null : (
        <ReasonForm
          intent="lock"
          label={t('users.lock')}
          errors={errors('lock')}
          reason={stateOf(state, 'lock')?.fields.reason}
        />
      )}
      <UserSessions
        sessions={sessions}
        errors={errors('endSessions')}
        reason={stateOf(state, 'endSessions')?.fields.reason}
      />
      {user.twoStepOnSince && !self ? (
        <ReasonForm
          intent="twoStepOff"
          label={t('users.twoStepTurnOff')}
          errors={errors('twoStepOff')}
          reason={stateOf(state, 'twoStepOff')?.fields.reason}
        >
          <h2>{t('users.twoStep')}</h2>
          <p>{t('users.twoStepOffHelp')}</p>
        </ReasonForm>
      ) : null}
      {user.verified ? null : (
        <StaffForm intent="verify" label={t('users.verify')}>
          <FormError errors={errors('verify')} />
          <button type="submit">{t('users.verify')}</button>
        </StaffForm>
      )}
      {self ? null : (
        <StaffForm intent="delete" label={t('users.delete')}>
          <FormError errors={errors('delete')} />
          <button type="submit" className="danger">
            {t('users.delete')}
          </button>
        </StaffForm>
      )}
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
