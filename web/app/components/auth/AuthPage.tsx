import type { ReactNode } from 'react';

/** The frame of the sign-in pages (login, register, password reset): a narrow column with the title. */
export function AuthPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="narrow">
      <h1>{title}</h1>
      {children}
    </main>
  );
}
