import { Link } from '@remix-run/react';
import { useSite } from '~/site/use-site';

/** The status pages of spec §8, one text per status; anything else reads as a server error. */
const KNOWN = [401, 403, 404, 419, 429, 503] as const;

export function statusKey(status: number): string {
  return (KNOWN as readonly number[]).includes(status) ? String(status) : '500';
}

export function StatusPage({ status }: { status: number }) {
  const { t, route } = useSite();
  const key = statusKey(status);
  return (
    <main id="main" className="status-page" data-status={status}>
      <p className="status-code">{status}</p>
      <h1>{t(`status.${key}.title`)}</h1>
      <p>{t(`status.${key}.text`)}</p>
      <p>
        <Link to={route('home')} className="button primary">
          {t('status.home')}
        </Link>
      </p>
    </main>
  );
}
