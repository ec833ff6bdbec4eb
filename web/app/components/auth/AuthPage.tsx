import type { ReactNode } from 'react';
import { useSite } from '~/site/use-site';

/** The frame of the login and register pages: the title and the form-level message. */
export function AuthPage({ title, formError, children }: { title: string; formError?: string | undefined; children: ReactNode }) {
  const { t } = useSite();
  return (
    <main id="main" className="narrow">
      <h1>{title}</h1>
      {formError ? (
        <p className="notice notice-error" role="alert">
          {t(formError)}
        </p>
      ) : null}
      {children}
    </main>
  );
}
