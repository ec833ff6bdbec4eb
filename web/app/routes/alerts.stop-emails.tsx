import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { stopEmails, stopEmailsLink, stopEmailsStatus, type StopEmailsView } from '~/alerts/stop-emails.server';
import { AuthPage } from '~/components/auth/AuthPage';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { serverT } from '~/i18n/server-t.server';
import { privatePage } from '~/site/cache-headers';
import { pageMeta } from '~/site/meta';
import { siteContext } from '~/site/site-context.server';
import { useSite } from '~/site/use-site';

const MAX_TOKEN = 2_000;
const tokenOf = (value: FormDataEntryValue | string | null) =>
  typeof value === 'string' ? value.slice(0, MAX_TOKEN) : '';

/** /alerts/stop-emails?token=…&lang=… — the "stop e-mails" link of an alert mail (ADR 152); no sign-in. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { language } = siteContext(request, undefined);
  const view = await stopEmailsLink(tokenOf(new URL(request.url).searchParams.get('token')), language);
  return data({ title: serverT(language).t('alerts.stopTitle'), view }, { status: stopEmailsStatus(view) });
}

/**
 * The confirmation: the page's button posts the token in the form; a mail client's one-click
 * unsubscribe (RFC 8058) posts "List-Unsubscribe=One-Click" to the link itself. The token is the
 * authority (it names one alert of its owner), so no session or CSRF field is asked for.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { language } = siteContext(request, undefined);
  const posted = await request.formData().catch(() => new FormData());
  const token = tokenOf(posted.get('token')) || tokenOf(new URL(request.url).searchParams.get('token'));
  const view = await stopEmails(token, language);
  return data({ view }, { status: stopEmailsStatus(view) });
}

export const headers = privatePage;

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  ...pageMeta(loaded?.title ?? 'Price alert e-mails'),
  { name: 'robots', content: 'noindex' },
];

function Outcome({ view }: { view: StopEmailsView }) {
  const { t } = useSite();
  switch (view.state) {
    case 'confirm':
      return (
        <Form method="post" className="form">
          <p>
            {t('alerts.stopConfirm', { product: view.product || t('alerts.stopSomeProduct'), country: view.country })}
          </p>
          <input type="hidden" name="token" value={view.token} />
          <button type="submit" className="primary">
            {t('alerts.stopSubmit')}
          </button>
        </Form>
      );
    case 'stopped':
      return (
        <p className="notice notice-done" role="status">
          {t('alerts.stopDone', { product: view.product || t('alerts.stopSomeProduct'), country: view.country })}
        </p>
      );
    case 'invalid':
      return (
        <p className="notice notice-error" role="alert">
          {t('alerts.stopInvalid')}
        </p>
      );
    case 'gone':
      return (
        <p className="notice notice-error" role="alert">
          {t('alerts.stopGone')}
        </p>
      );
  }
}

export default function StopAlertEmails() {
  const { view } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const { t } = useSite();
  return (
    <AuthPage title={t('alerts.stopTitle')}>
      <Outcome view={answered?.view ?? view} />
      <p>
        <Link to="/account/alerts">{t('alerts.stopManage')}</Link>
      </p>
    </AuthPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
