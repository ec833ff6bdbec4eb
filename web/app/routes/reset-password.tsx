import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { AuthPage } from '~/components/auth/AuthPage';
import { CheckField } from '~/components/auth/CheckField';
import { Field } from '~/components/auth/Field';
import { PageForm } from '~/components/forms/PageForm';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { resetPasswordForm } from '~/auth/forms';
import { cookieHeaders } from '~/auth/session-change.server';
import { resetPasswordWith } from '~/auth/sign-in.server';
import { twoStepPagePath } from '~/auth/two-step-paths';
import { PASSWORD_RESET_LANDING } from '~/data/account-page.server';
import { pageForm, pageFormAction } from '~/data/form-action.server';
import { formPageData } from '~/data/form-page.server';
import { serverT } from '~/i18n/server-t.server';
import { privatePage } from '~/site/cache-headers';
import { pageMeta } from '~/site/meta';
import { siteContext } from '~/site/site-context.server';
import { useSite } from '~/site/use-site';

/** /reset-password?token=…&email=… — the page of the mailed link (accounts' RESET_PAGE). */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = siteContext(request, undefined);
  const url = new URL(request.url);
  const token = url.searchParams.get('token') ?? '';
  return formPageData(request, {
    title: serverT(context.language).t('password.resetTitle'),
    token: token.slice(0, 200),
    email: (url.searchParams.get('email') ?? '').slice(0, 255),
  });
}

/** The new password with the token: accounts sets it once, ends every session and signs in here. */
export async function action(args: ActionFunctionArgs) {
  return pageFormAction(args, {
    reset: pageForm({
      schema: resetPasswordForm,
      run: async ({ input, request, context }) => {
        const signedIn = await resetPasswordWith(request, context, input);
        // Two-step sign-in on (ADR 153): a new password does not skip the app's code.
        const next = signedIn.secondStep
          ? twoStepPagePath(siteContext(request, undefined).locale.id, PASSWORD_RESET_LANDING)
          : PASSWORD_RESET_LANDING;
        return redirect(next, { headers: cookieHeaders(signedIn.setCookies) });
      },
    }),
  });
}

export const headers = privatePage;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta(data?.title ?? 'Reset password'),
  { name: 'robots', content: 'noindex' },
];

export default function ResetPassword() {
  const { token, email } = useLoaderData<typeof loader>();
  const { t, route } = useSite();
  return (
    <AuthPage title={t('password.resetTitle')}>
      {token ? (
        <PageForm schema={resetPasswordForm} submit={t('password.resetSubmit')} hidden={{ token }}>
          {(errors) => (
            <>
              <Field
                name="email"
                type="email"
                label={t('auth.email')}
                autoComplete="email"
                defaultValue={email}
                error={errors.email}
              />
              <p className="muted">{t('password.rules')}</p>
              <Field
                name="password"
                type="password"
                label={t('password.new')}
                autoComplete="new-password"
                error={errors.password}
              />
              <Field
                name="password_confirmation"
                type="password"
                label={t('auth.passwordConfirmation')}
                autoComplete="new-password"
                error={errors.password_confirmation}
              />
              <CheckField name="remember" label={t('auth.remember')} />
            </>
          )}
        </PageForm>
      ) : (
        <p className="notice notice-error" role="alert">
          {t('auth.tokenInvalid')}
        </p>
      )}
      <p>
        <Link to={route('password.request')}>{t('password.requestAgain')}</Link>
      </p>
    </AuthPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
