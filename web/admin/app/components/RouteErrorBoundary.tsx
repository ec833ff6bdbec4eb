import { isRouteErrorResponse, useRouteError } from '@remix-run/react';
import { useT } from '../i18n/use-t';
import { BASE } from '../panels/panels';

/** Every route's error page: 403 names the missing role, 404 says so, anything else stays generic. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  let title = t('app.error');
  let help = t('app.errorHelp');
  if (isRouteErrorResponse(error)) {
    const forbidden = (error.data as { forbidden?: string } | null)?.forbidden;
    if (error.status === 403) {
      title = t('app.forbidden');
      help = t('app.forbiddenHelp', { role: `staff:${forbidden ?? '…'}` });
    } else if (error.status === 404) {
      title = t('app.notFound');
      help = '';
    } else if (error.status === 503) {
      title = t('app.unavailable');
    }
  }
  return (
    <main id="main" className="error-page">
      <h1>{title}</h1>
      {help ? <p>{help}</p> : null}
      <p>
        <a href={`${BASE}/`}>{t('app.otherPanels')}</a>
      </p>
    </main>
  );
}
