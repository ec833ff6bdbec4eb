import { NavLink } from '@remix-run/react';
import type { ReactNode } from 'react';
import { logoutForm } from '~/account/forms';
import { PageForm } from '~/components/forms/PageForm';
import { useSite } from '~/site/use-site';

/** The frame of the account pages: title, the three sections (spec §2.2), the business area of a business user, and the logout button. */
export function AccountLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t, route, user } = useSite();
  return (
    <main id="main" className="account">
      <div className="account-head">
        <h1>{title}</h1>
        <PageForm
          schema={logoutForm}
          intent="logout"
          submit={t('auth.logout')}
          submitClassName=""
          className="inline-form"
        />
      </div>
      <nav className="chips account-nav" aria-label={t('account.sections')}>
        <NavLink to={route('account')} end>
          {t('account.overview')}
        </NavLink>
        <NavLink to={route('account.favourites')}>{t('account.favourites')}</NavLink>
        <NavLink to={route('account.alerts')}>{t('account.alerts')}</NavLink>
        {user?.isBusiness ? <NavLink to="/account/business">{t('business.nav')}</NavLink> : null}
      </nav>
      {children}
    </main>
  );
}

/** One titled part of an account page. */
export function AccountSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="account-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}
