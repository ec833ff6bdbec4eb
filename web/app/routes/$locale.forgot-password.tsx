import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { AuthPage } from '~/components/auth/AuthPage';
import { Field } from '~/components/auth/Field';
import { PageForm } from '~/components/forms/PageForm';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { forgotPasswordForm } from '~/auth/forms';
import { requireGuest } from '~/auth/guards.server';
import { pageForm, pageFormAction } from '~/data/form-action.server';
import { formPageData } from '~/data/form-page.server';
import { serverT } from '~/i18n/server-t.server';
import { clientInfo, requestPasswordReset } from '~/services/accounts.server';
import { privatePage } from '~/site/cache-headers';
import { pageMeta } from '~/site/meta';
import { siteContext } from '~/site/site-context.server';
import { useSite } from '~/site/use-site';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = siteContext(request, params.locale);
  await requireGuest(request);
  return formPageData(request, { title: serverT(context.language).t('password.requestTitle') });
}

/**
 * Mails a reset link. The answer is the same for every address (no user enumeration): accounts
 * mails an unknown address "no user with that email" instead of a link (spec §8).
 */
export async function action(args: ActionFunctionArgs) {
  await requireGuest(args.request);
  return pageFormAction(args, {
    request: pageForm({
      schema: forgotPasswordForm,
      run: async ({ input, request, context }) => {
        const { expiresInMinutes } = await requestPasswordReset(
          input.email,
          input.language,
          clientInfo(request, context),
        );
        return { key: 'password.linkEmailed', values: { minutes: expiresInMinutes } };
      },
      reasons: { RATE_LIMITED: 'password.throttled' },
    }),
  });
}

export const headers = privatePage;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta(data?.title ?? 'Forgot password'),
  { name: 'robots', content: 'noindex' },
];

/** {locale}/forgot-password: the first step of the password reset (the mailed link leads to /reset-password). */
export default function ForgotPassword() {
  const { t, language } = useSite();
  return (
    <AuthPage title={t('password.requestTitle')}>
      <p>{t('password.requestIntro')}</p>
      <PageForm schema={forgotPasswordForm} submit={t('password.requestSubmit')} hidden={{ language }} resetOnDone>
        {(errors) => (
          <Field name="email" type="email" label={t('auth.email')} autoComplete="email" error={errors.email} />
        )}
      </PageForm>
    </AuthPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
