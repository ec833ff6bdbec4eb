import { Link } from '@remix-run/react';
import type { EntityCardData } from '~/data/cards';
import { useCount } from '../common/Count';
import { Rating } from '../common/Rating';

/** Brands, shops or categories as a grid of named links with their counts; shops with their stars once rated. */
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
            {item.rating ? <Rating rating={item.rating} /> : null}
            {item.count === null ? null : <span className="muted">{count(countKey, item.count, true)}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}
