import { Link } from '@remix-run/react';
import { LoginButton } from '~/components/auth/LoginButton';
import { useSite } from '~/site/use-site';
import { RegionButton } from './RegionButton';
import { SiteSearch } from './SiteSearch';

/** The sticky masthead of spec §2.6: logo, site search, admin link, login or account, region. */
export function Masthead() {
  const { t, route, user } = useSite();
  return (
    <header className="masthead">
      <Link to={route('home')} className="logo" aria-label={t('nav.homeLabel')}>
        <span aria-hidden="true">◆</span> pricecompare
      </Link>
      <SiteSearch />
      <nav className="masthead-links" aria-label={t('masthead.userMenu')}>
        {user?.isAdmin ? <a href={user.adminUrl || '/admin'}>{t('nav.admin')}</a> : null}
        {user ? <Link to={route('account')}>{t('nav.account')}</Link> : <LoginButton />}
        <RegionButton />
      </nav>
    </header>
  );
}
