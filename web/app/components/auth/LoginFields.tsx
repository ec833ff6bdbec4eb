import { Link } from '@remix-run/react';
import type { FieldErrors } from '~/auth/page-forms';
import { useSite } from '~/site/use-site';
import { CheckField } from './CheckField';
import { Field } from './Field';

/** The fields of the login page and the login modal (spec §2.6): email, password, remember-me, forgot password. */
export function LoginFields({ errors, idPrefix = 'login' }: { errors: FieldErrors; idPrefix?: string }) {
  const { t, route } = useSite();
  return (
    <>
      <Field
        name="email"
        type="email"
        label={t('auth.email')}
        autoComplete="email"
        error={errors.email}
        idPrefix={idPrefix}
      />
      <Field
        name="password"
        type="password"
        label={t('auth.password')}
        autoComplete="current-password"
        error={errors.password}
        idPrefix={idPrefix}
      />
      <CheckField name="remember" label={t('auth.remember')} idPrefix={idPrefix} />
      <Link to={route('password.request')} className="small">
        {t('auth.forgot')}
      </Link>
    </>
  );
}

const PROVIDERS = ['Google', 'Apple', 'Microsoft'] as const;

/** The register link and the three social sign-in buttons, which do nothing (spec §2.6). */
export function LoginExtras() {
  const { t, route } = useSite();
  return (
    <>
      <p>
        {t('auth.noAccount')} <Link to={route('register')}>{t('auth.registerLink')}</Link>
      </p>
      <p className="muted">{t('auth.social')}</p>
      <div className="social-buttons">
        {PROVIDERS.map((provider) => (
          <button key={provider} type="button" disabled>
            {provider}
          </button>
        ))}
      </div>
    </>
  );
}
