import { Link } from '@remix-run/react';
import type { ProductCardData } from '~/data/cards';
import { useSite } from '~/site/use-site';
import { CompareToggle } from '../compare/CompareToggle';
import { useCount } from '../common/Count';
import { Price } from '../common/Price';
import { LeafIcon } from '../common/LeafIcon';
import { Rating } from '../common/Rating';

/**
 * A shop's own price on its page's card (ADR 139): `price` null when the shop does not offer the
 * product (any more: search lags) or, `known` false, when its prices could not be read.
 */
export interface ShopPriceOnCard {
  readonly shop: string;
  readonly price: { readonly amount: number; readonly currency: string } | null;
  readonly known: boolean;
}

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
  shopPrice,
}: {
  product: ProductCardData;
  eager?: boolean;
  lcp?: boolean;
  /** On a shop's page: the shop's own price of the product instead of the lowest across shops. */
  shopPrice?: ShopPriceOnCard;
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
      {shopPrice ? (
        <ShopPriceLines product={product} shopPrice={shopPrice} />
      ) : product.price ? (
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

/**
 * The shop's price as the card's figure, labelled as the shop's: a visitor on a shop's page reads
 * it as that shop's. The lowest across shops beside it, linking to the product's offers, when it
 * is lower or the shop has no price; never the other shops' price as if it were the shop's.
 */
function ShopPriceLines({ product, shopPrice }: { product: ProductCardData; shopPrice: ShopPriceOnCard }) {
  const { t } = useSite();
  const count = useCount();
  const own = shopPrice.price;
  const lowest = product.price;
  const lowerElsewhere =
    lowest !== null && (own === null || (lowest.currency === own.currency && lowest.amount < own.amount));
  return (
    <>
      {own ? (
        <p className="card-price shop-own-price">
          <Price amount={own.amount} currency={own.currency} />{' '}
          <span className="muted">{t('shopPrices.at', { shop: shopPrice.shop })}</span>
        </p>
      ) : shopPrice.known ? (
        <p className="muted card-price">{t('shopPrices.notOffered')}</p>
      ) : null}
      {lowerElsewhere ? (
        <p className="card-lowest">
          <Link to={product.route} prefetch="intent">
            <span className="muted">{t('shopPrices.lowest')}</span>{' '}
            <Price amount={lowest.amount} currency={lowest.currency} />{' '}
            <span className="muted">{count('counts.offers', lowest.offers)}</span>
          </Link>
        </p>
      ) : null}
    </>
  );
}
