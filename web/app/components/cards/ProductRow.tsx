import { Link } from '@remix-run/react';
import type { ProductCardData } from '~/data/cards';
import { useSite } from '~/site/use-site';
import { ProductCard } from './ProductCard';

/** A titled, horizontally scrolling row of product cards, with an optional see-all link. */
export function ProductRow({
  id,
  title,
  products,
  seeAll,
}: {
  id: string;
  title: string;
  products: readonly ProductCardData[];
  seeAll?: string;
}) {
  const { t } = useSite();
  return (
    <section aria-labelledby={`${id}-heading`} className="product-row">
      <div className="section-head">
        <h2 id={`${id}-heading`}>{title}</h2>
        {seeAll ? <Link to={seeAll}>{t('common.seeAll')}</Link> : null}
      </div>
      <ul className="row-scroller">
        {products.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </section>
  );
}
