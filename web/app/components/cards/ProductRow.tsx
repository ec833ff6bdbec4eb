import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { ProductCardData } from '~/data/cards';
import { useSite } from '~/site/use-site';
import { ProductCard } from './ProductCard';

/** Cards of 11rem, gaps of 0.75rem, pages at most 76rem wide: at most 7 in view before the row scrolls. */
const CARDS_IN_VIEW = 7;

/**
 * A titled, horizontally scrolling row of product cards, with an optional see-all link (named
 * `seeAllText`, "See all" unless given) and a line under each card (`below`: a deal's drop).
 * `aboveTheFold`: the row is at the top of its page (the home page's popular products): the
 * pictures in view load at once rather than once layout finds them in view, and the first one,
 * the page's largest content (LCP), paints with the first frame.
 */
export function ProductRow<P extends ProductCardData>({
  id,
  title,
  products,
  seeAll,
  seeAllText,
  below,
  aboveTheFold = false,
}: {
  id: string;
  title: string;
  products: readonly P[];
  seeAll?: string;
  seeAllText?: string;
  below?: (product: P) => ReactNode;
  aboveTheFold?: boolean;
}) {
  const { t } = useSite();
  return (
    <section aria-labelledby={`${id}-heading`} className="product-row">
      <div className="section-head">
        <h2 id={`${id}-heading`}>{title}</h2>
        {seeAll ? <Link to={seeAll}>{seeAllText ?? t('common.seeAll')}</Link> : null}
      </div>
      <ul className="row-scroller">
        {products.map((product, i) => (
          <li key={product.id}>
            <ProductCard product={product} eager={aboveTheFold && i < CARDS_IN_VIEW} lcp={aboveTheFold && i === 0} />
            {below?.(product)}
          </li>
        ))}
      </ul>
    </section>
  );
}
