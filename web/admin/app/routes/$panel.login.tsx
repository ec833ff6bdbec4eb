import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { loginAction, loginPage } from '../auth/login.server';
import { FieldError, FormError } from '../components/staff-form';
import { useT } from '../i18n/use-t';
import { BASE, isStaffPanel, type StaffPanel } from '../panels/panels';

export const meta: MetaFunction = () => [
  { title: 'Sign in · pricecompare staff' },
  { name: 'robots', content: 'noindex, nofollow' },
];

function panelOf(params: LoaderFunctionArgs['params']): StaffPanel {
  if (!isStaffPanel(params.panel)) throw data(null, { status: 404 });
  return params.panel;
}

export const loader = ({ request, params }: LoaderFunctionArgs) => loginPage(request, panelOf(params));

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  loginAction(request, panelOf(params), context as { clientIp?: unknown });

/** A panel's own sign-in (spec §2.4: each area has its own login and logout). */
export default function PanelLogin() {
  const t = useT();
  const { panel, csrf, reason, idleMinutes, step } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = result?.errors;
  return (
    <main id="main" className="login">
      <h1>{t('login.title', { panel: t(`panel.${panel}`) })}</h1>
      {reason === 'expired' ? <p className="notice">{t('login.expired', { minutes: idleMinutes })}</p> : null}
      {reason === 'signedOut' ? <p className="notice">{t('login.signedOut')}</p> : null}
      {reason === 'signInAgain' ? <p className="notice">{t('login.signInAgain')}</p> : null}
      <FormError errors={errors} />
      {step === 'code' ? <CodeForm csrf={csrf} errors={errors} /> : null}
      <form method="post" className="login-form" hidden={step === 'code'}>
        <input type="hidden" name="_csrf" value={csrf} />
        <p>
          <label htmlFor="email">{t('login.email')}</label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="username"
            required
            defaultValue={result?.email ?? ''}
            aria-describedby="email-error"
            autoFocus
          />
          <FieldError name="email" errors={errors} />
        </p>
        <p>
          <label htmlFor="password">{t('login.password')}</label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-describedby="password-error"
          />
          <FieldError name="password" errors={errors} />
        </p>
        <button type="submit" className="primary">
          {t('login.submit')}
        </button>
      </form>
      <p>
        <a href={`${BASE}/`}>{t('app.otherPanels')}</a>
      </p>
    </main>
  );
}

/** The second step of a two-step sign-in (ADR 153): the code the staff user's app shows. */
function CodeForm({ csrf, errors }: { csrf: string; errors: Record<string, string> | undefined }) {
  const t = useT();
  return (
    <form method="post" className="login-form">
      <input type="hidden" name="_csrf" value={csrf} />
      <p>
        <label htmlFor="code">{t('login.code')}</label>
        <input
          id="code"
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          maxLength={32}
          aria-describedby="code-hint code-error"
          autoFocus
        />
        <span id="code-hint" className="hint">
          {t('login.codeHint')}
        </span>
        <FieldError name="code" errors={errors} />
      </p>
      <button type="submit" className="primary">
        {t('login.codeSubmit')}
      </button>
    </form>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
