import { Link } from '@remix-run/react';
import type { EntityCardData } from '~/data/cards';
import { useCount } from '../common/Count';

/** Brands, shops or categories as a grid of named links with their counts. */
export function EntityGrid({
  items,
  countKey,
}: {
  items: readonly EntityCardData[];
  countKey: 'counts.products' | 'counts.offers';
}) {
  const count = useCount();
  return (
    <ul className="entity-grid">
      {items.map((item) => (
        <li key={item.key}>
          <Link to={item.route} prefetch="intent">
            {item.image ? <img src={item.image} alt="" width={32} height={32} loading="lazy" /> : null}
            <span className="entity-name">{item.name}</span>
            {item.count === null ? null : <span className="muted">{count(countKey, item.count, true)}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}
