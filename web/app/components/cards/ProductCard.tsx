import { Link } from '@remix-run/react';
import type { ProductCardData } from '~/data/cards';
import { useSite } from '~/site/use-site';
import { CompareToggle } from '../compare/CompareToggle';
import { useCount } from '../common/Count';
import { Price } from '../common/Price';
import { LeafIcon } from '../common/LeafIcon';
import { Rating } from '../common/Rating';

/** The picture a product card shows. */
export const cardPicture = (product: ProductCardData): string => product.image ?? '/img/placeholder/product.svg';

/**
 * A product in a grid or row: picture (space reserved: no layout shift), name, rating, lowest price.
 * `eager`: the picture is in view as the page opens. `lcp`: it is the page's largest content, to be
 * painted with the page's first frame rather than decoded on the side for a later one.
 */
export function ProductCard({
  product,
  eager = false,
  lcp = false,
}: {
  product: ProductCardData;
  eager?: boolean;
  lcp?: boolean;
}) {
  const { t } = useSite();
  const count = useCount();
  return (
    <article className="product-card">
      <Link to={product.route} prefetch="intent">
        <img
          src={cardPicture(product)}
          alt=""
          width={160}
          height={160}
          loading={eager || lcp ? 'eager' : 'lazy'}
          decoding={lcp ? 'auto' : 'async'}
        />
        <h3>{product.name}</h3>
      </Link>
      {product.brand ? <p className="muted brand-name">{product.brand.name}</p> : null}
      <Rating rating={product.rating} />
      {product.price ? (
        <p className="card-price">
          <span className="muted">{t('product.from')}</span>{' '}
          <Price amount={product.price.amount} currency={product.price.currency} />{' '}
          <span className="muted">{count('counts.offers', product.price.offers)}</span>
        </p>
      ) : (
        <p className="muted card-price">{t('product.noPrice')}</p>
      )}
      {product.is_green ? (
        <span className="green-leaf">
          <LeafIcon label={t('product.greenOffer')} />
        </span>
      ) : null}
      <CompareToggle product={product} className="card-compare" />
    </article>
  );
}
