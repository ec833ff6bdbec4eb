import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { BusinessForm, DeleteAccountForm, VerificationNotice } from '~/components/account/AccountForms';
import { AccountLayout, AccountSection } from '~/components/account/AccountLayout';
import { DataExportSection } from '~/components/account/DataExportSection';
import { PasswordForm, ProfileForm } from '~/components/account/ProfileForms';
import { SessionsSection } from '~/components/account/SessionsSection';
import { TwoStepSection } from '~/components/account/TwoStepSection';
import { FormNotice } from '~/components/forms/FormNotice';
import { PushPanel } from '~/components/push/PushPanel';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { requireSession } from '~/auth/guards.server';
import { accountForms } from '~/data/account-forms.server';
import { accountView, arrivalNotice } from '~/data/account-page.server';
import { sessionsView } from '~/data/account-sessions.server';
import { twoStepArrival, twoStepView } from '~/data/account-two-step.server';
import { pageFormAction } from '~/data/form-action.server';
import { formPageData } from '~/data/form-page.server';
import { formatDate } from '~/i18n/format';
import { serverT } from '~/i18n/server-t.server';
import { privatePage } from '~/site/cache-headers';
import { pageMeta } from '~/site/meta';
import { siteContext } from '~/site/site-context.server';
import { useSite } from '~/site/use-site';

/**
 * /account: sign-in required (spec §2.2, §2.5); the landing of the verification link
 * (`?verified=1|0`) and of a sign-in with a recovery code (`?two_step=recovery`, ADR 153).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = siteContext(request, undefined);
  const { user, sessionId } = await requireSession(request);
  const url = new URL(request.url);
  const [sessions, twoStep] = await Promise.all([sessionsView(user.id, sessionId), twoStepView(user.id)]);
  return formPageData(request, {
    title: serverT(context.language).t('account.title'),
    user: accountView(user),
    sessions,
    twoStep,
    notice: twoStepArrival(url, twoStep) ?? arrivalNotice(url, user),
  });
}

export const action = (args: ActionFunctionArgs) => pageFormAction(args, accountForms);

export const headers = privatePage;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta(data?.title ?? 'Account'),
  { name: 'robots', content: 'noindex' },
];

export default function Account() {
  const { title, user, sessions, twoStep, notice } = useLoaderData<typeof loader>();
  // The arrival's notice (registered, verified) gives way once a form of the page answered.
  const answered = useActionData<typeof action>() !== undefined;
  const { t, tag } = useSite();
  return (
    <AccountLayout title={title}>
      {answered ? null : <FormNotice error={notice.error} done={notice.done} />}
      {user.emailVerified ? null : <VerificationNotice />}
      <AccountSection id="profile" title={t('account.profile')}>
        <p className="muted">
          {user.emailVerified ? t('verify.verifiedBadge') : t('verify.unverifiedBadge')}
          {user.createdAt ? ` · ${t('account.memberSince', { date: formatDate(user.createdAt, tag) })}` : null}
        </p>
        <ProfileForm user={user} />
      </AccountSection>
      <AccountSection id="password" title={t('account.passwordTitle')}>
        <PasswordForm />
      </AccountSection>
      <AccountSection id="sessions" title={t('account.sessionsTitle')}>
        <SessionsSection sessions={sessions} />
      </AccountSection>
      <AccountSection id="two-step" title={t('twoStep.title')}>
        <TwoStepSection twoStep={twoStep} />
      </AccountSection>
      <AccountSection id="notifications" title={t('push.title')}>
        <PushPanel />
      </AccountSection>
      <AccountSection id="business" title={t('account.businessTitle')}>
        <BusinessForm user={user} />
      </AccountSection>
      <AccountSection id="data" title={t('account.dataTitle')}>
        <DataExportSection />
      </AccountSection>
      <AccountSection id="delete" title={t('account.deleteTitle')}>
        <DeleteAccountForm />
      </AccountSection>
    </AccountLayout>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
