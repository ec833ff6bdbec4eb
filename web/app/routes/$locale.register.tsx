import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useNavigation } from '@remix-run/react';
import { AuthPage } from '~/components/auth/AuthPage';
import { Field } from '~/components/auth/Field';
import { useFormValidation } from '~/components/auth/use-form-validation';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { registerForm } from '~/auth/forms';
import { register } from '~/auth/forms.server';
import { requireGuest } from '~/auth/guards.server';
import { authAction, type AuthActionData } from '~/data/auth-action.server';
import { serverT } from '~/i18n/server-t.server';
import { pageMeta } from '~/site/meta';
import { siteContext } from '~/site/site-context.server';
import { useSite } from '~/site/use-site';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = siteContext(request, params.locale);
  await requireGuest(request);
  return { title: serverT(context.language).t('auth.registerTitle') };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = siteContext(request, params.locale);
  await requireGuest(request);
  return authAction(request, registerForm, register, `/${context.locale.id}`);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...pageMeta(data?.title ?? 'Register'), { name: 'robots', content: 'noindex' }];

/** The register page, guest only (spec §2.2, §5: password ≥ 6 and confirmed, terms wording). */
export default function Register() {
  const result = useActionData<AuthActionData>();
  const { t, route } = useSite();
  const busy = useNavigation().state === 'submitting';
  const { errors, onSubmit } = useFormValidation(registerForm, result?.errors);
  return (
    <AuthPage title={t('auth.registerTitle')} formError={result?.formError}>
      <Form method="post" className="form" noValidate onSubmit={onSubmit}>
        <Field name="name" label={t('auth.name')} autoComplete="name" error={errors.name} />
        <Field name="email" type="email" label={t('auth.email')} autoComplete="email" error={errors.email} />
        <Field name="password" type="password" label={t('auth.password')} autoComplete="new-password" error={errors.password} />
        <Field name="password_confirmation" type="password" label={t('auth.passwordConfirmation')} autoComplete="new-password" error={errors.password_confirmation} />
        <Field name="phone" type="tel" label={t('auth.phone')} autoComplete="tel" required={false} error={errors.phone} />
        <label className="check">
          <input type="checkbox" name="terms" required aria-invalid={errors.terms ? true : undefined} /> {t('auth.terms')}
        </label>
        {errors.terms ? <span className="field-error">{t(errors.terms)}</span> : null}
        <button type="submit" className="primary" disabled={busy}>
          {t('auth.submitRegister')}
        </button>
      </Form>
      <p>
        {t('auth.haveAccount')} <Link to={route('login')}>{t('auth.loginLink')}</Link>
      </p>
    </AuthPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
