import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { AuthPage } from '~/components/auth/AuthPage';
import { Field } from '~/components/auth/Field';
import { useFormValidation } from '~/components/auth/use-form-validation';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { loginForm } from '~/auth/forms';
import { signIn } from '~/auth/forms.server';
import { requireGuest, safeRedirectTarget } from '~/auth/guards.server';
import { authAction, type AuthActionData } from '~/data/auth-action.server';
import { serverT } from '~/i18n/server-t.server';
import { pageMeta } from '~/site/meta';
import { siteContext } from '~/site/site-context.server';
import { useSite } from '~/site/use-site';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = siteContext(request, params.locale);
  await requireGuest(request);
  const target = safeRedirectTarget(new URL(request.url).searchParams.get('redirect'), `/${context.locale.id}`);
  return { title: serverT(context.language).t('auth.loginTitle'), redirect: target };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = siteContext(request, params.locale);
  await requireGuest(request);
  return authAction(request, loginForm, signIn, `/${context.locale.id}`);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...pageMeta(data?.title ?? 'Log in'), { name: 'robots', content: 'noindex' }];

const PROVIDERS = ['Google', 'Apple', 'Microsoft'] as const;

/** {locale}/login, guest only (spec §2.2, §2.6 login form, §5 rules). */
export default function Login() {
  const { redirect } = useLoaderData<typeof loader>();
  const result = useActionData<AuthActionData>();
  const { t, route } = useSite();
  const busy = useNavigation().state === 'submitting';
  const { errors, onSubmit } = useFormValidation(loginForm, result?.errors);
  return (
    <AuthPage title={t('auth.loginTitle')} formError={result?.formError}>
      <Form method="post" className="form" noValidate onSubmit={onSubmit}>
        <input type="hidden" name="redirect" value={redirect} />
        <Field name="email" type="email" label={t('auth.email')} autoComplete="email" error={errors.email} />
        <Field name="password" type="password" label={t('auth.password')} autoComplete="current-password" error={errors.password} />
        <label className="check">
          <input type="checkbox" name="remember" /> {t('auth.remember')}
        </label>
        <span className="muted">{t('auth.forgot')}</span>
        <button type="submit" className="primary" disabled={busy}>
          {t('auth.submitLogin')}
        </button>
      </Form>
      <p>
        {t('auth.noAccount')} <Link to={route('register')}>{t('auth.registerLink')}</Link>
      </p>
      <p className="muted">{t('auth.social')}</p>
      <div className="social-buttons">
        {PROVIDERS.map((provider) => (
          // Spec §2.6: three social sign-in buttons that do nothing (yet).
          <button key={provider} type="button" disabled>
            {provider}
          </button>
        ))}
      </div>
    </AuthPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
