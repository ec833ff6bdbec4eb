import { NavLink } from '@remix-run/react';
import type { RouteName } from '~/routing/route-path';
import { useSite } from '~/site/use-site';

const TABS: readonly { name: RouteName; key: string; icon: string; end: boolean }[] = [
  { name: 'home', key: 'home', icon: '⌂', end: true },
  { name: 'search', key: 'search', icon: '⌕', end: false },
  { name: 'favourites', key: 'favourites', icon: '♡', end: false },
  { name: 'account.alerts', key: 'alerts', icon: '◷', end: false },
  { name: 'account', key: 'account', icon: '☺', end: true },
];

/**
 * The mobile bottom tab bar (spec §2.6): five tabs; tapping the active tab again scrolls to
 * the top instead of navigating.
 */
export function TabBar() {
  const { t, route } = useSite();
  return (
    <nav className="tab-bar" aria-label={t('tabs.label')}>
      {TABS.map((tab) => (
        <NavLink
          key={tab.name}
          to={route(tab.name)}
          end={tab.end}
          onClick={(event) => {
            if (event.currentTarget.getAttribute('aria-current') === 'page') {
              event.preventDefault();
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }
          }}
        >
          <span aria-hidden="true">{tab.icon}</span>
          <span>{t(`tabs.${tab.key}`)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
