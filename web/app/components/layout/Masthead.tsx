import { Link, useLocation, useSearchParams } from '@remix-run/react';
import { LoginButton } from '~/components/auth/LoginButton';
import { MAX_SEARCH_LENGTH } from '~/search/search-limits';
import { useSite } from '~/site/use-site';
import { RegionButton } from './RegionButton';

/** The sticky masthead of spec §2.6: logo, site search, admin link, login or account, region. */
export function Masthead() {
  const { t, route, user } = useSite();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const onSearch = pathname === route('search');
  return (
    <header className="masthead">
      <Link to={route('home')} className="logo" aria-label={t('nav.homeLabel')}>
        <span aria-hidden="true">◆</span> pricecompare
      </Link>
      <form
        role="search"
        method="get"
        action={route('search')}
        className="site-search"
        aria-label={t('masthead.searchLabel')}
      >
        <input
          type="search"
          name="search"
          maxLength={MAX_SEARCH_LENGTH}
          defaultValue={onSearch ? (params.get('search') ?? '') : ''}
          key={onSearch ? params.get('search') : 'site'}
          placeholder={t('masthead.searchPlaceholder')}
          aria-label={t('masthead.searchLabel')}
          enterKeyHint="search"
        />
        <button type="submit">{t('nav.search')}</button>
      </form>
      <nav className="masthead-links" aria-label={t('masthead.userMenu')}>
        {user?.isAdmin ? <a href={user.adminUrl || '/admin'}>{t('nav.admin')}</a> : null}
        {user ? <Link to={route('account')}>{t('nav.account')}</Link> : <LoginButton />}
        <RegionButton />
      </nav>
    </header>
  );
}
