import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { AuthPage } from '~/components/auth/AuthPage';
import { CheckField } from '~/components/auth/CheckField';
import { Field } from '~/components/auth/Field';
import { PageForm } from '~/components/forms/PageForm';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { registerForm } from '~/auth/forms';
import { requireGuest } from '~/auth/guards.server';
import { registerUser } from '~/auth/sign-in.server';
import { pageForm, pageFormAction } from '~/data/form-action.server';
import { formPageData } from '~/data/form-page.server';
import { serverT } from '~/i18n/server-t.server';
import { privatePage } from '~/site/cache-headers';
import { pageMeta } from '~/site/meta';
import { siteContext } from '~/site/site-context.server';
import { useSite } from '~/site/use-site';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = siteContext(request, params.locale);
  await requireGuest(request);
  return formPageData(request, { title: serverT(context.language).t('auth.registerTitle') });
}

/**
 * Registers (accounts mails the verification link, or the owner of a taken address) and goes to
 * the login page saying "check your email" — the same either way (issue 43); after logging in
 * the visitor lands on the account page.
 */
export async function action(args: ActionFunctionArgs) {
  const context = siteContext(args.request, args.params.locale);
  await requireGuest(args.request);
  return pageFormAction(args, {
    register: pageForm({
      schema: registerForm,
      run: async ({ input, request, context: load }) => {
        await registerUser(request, load, input);
        return redirect(`/${context.locale.id}/login?registered=1&redirect=${encodeURIComponent('/account')}`);
      },
    }),
  });
}

export const headers = privatePage;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta(data?.title ?? 'Register'),
  { name: 'robots', content: 'noindex' },
];

/** The register page, guest only (spec §2.2, §5: password ≥ 6 and confirmed, terms wording). */
export default function Register() {
  const { t, route, language } = useSite();
  return (
    <AuthPage title={t('auth.registerTitle')}>
      <PageForm schema={registerForm} submit={t('auth.submitRegister')} hidden={{ language }}>
        {(errors) => (
          <>
            <Field name="name" label={t('auth.name')} autoComplete="name" error={errors.name} />
            <Field name="email" type="email" label={t('auth.email')} autoComplete="email" error={errors.email} />
            <Field
              name="password"
              type="password"
              label={t('auth.password')}
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
            <Field
              name="phone"
              type="tel"
              label={t('auth.phone')}
              autoComplete="tel"
              required={false}
              error={errors.phone}
            />
            <CheckField name="terms" label={t('auth.terms')} error={errors.terms} />
            <CheckField name="remember" label={t('auth.remember')} />
          </>
        )}
      </PageForm>
      <p>
        {t('auth.haveAccount')} <Link to={route('login')}>{t('auth.loginLink')}</Link>
      </p>
    </AuthPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
