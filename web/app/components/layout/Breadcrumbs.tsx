import { Link } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { useSite } from '~/site/use-site';

export interface Crumb {
  readonly name: string;
  readonly href: string;
}

/**
 * The breadcrumb trail (spec §2.6): Home first, then the entries; on a narrow screen the bar
 * scrolls itself to the end whenever the trail changes, so the current page is visible.
 */
export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  const { t, route } = useSite();
  const bar = useRef<HTMLOListElement>(null);
  const key = trail.map((c) => c.href).join('|');
  useEffect(() => {
    const element = bar.current;
    if (element) element.scrollLeft = element.scrollWidth;
  }, [key]);
  const all = [{ name: t('nav.home'), href: route('home') }, ...trail];
  return (
    <nav aria-label={t('nav.breadcrumbs')} className="breadcrumbs">
      <ol ref={bar}>
        {all.map((crumb, i) => (
          <li key={crumb.href + i}>
            {i === all.length - 1 ? (
              <span aria-current="page">{crumb.name}</span>
            ) : (
              <Link to={crumb.href}>{crumb.name}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
