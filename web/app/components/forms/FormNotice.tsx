import type { FormMessage } from '~/auth/page-forms';
import { useSite } from '~/site/use-site';

/** A form's outcome: an error (announced as an alert) or what was done (a polite status). */
export function FormNotice({ error, done }: { error?: FormMessage | undefined; done?: FormMessage | undefined }) {
  const { t } = useSite();
  if (error) {
    return (
      <p className="notice notice-error" role="alert">
        {t(error.key, error.values)}
      </p>
    );
  }
  if (done) {
    return (
      <p className="notice notice-done" role="status">
        {t(done.key, done.values)}
      </p>
    );
  }
  return null;
}
