import { useNavigation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { getEntity } from '~/browser-db/db';
import type { CachedProduct } from '~/browser-db/cached-product';
import { productIdFromSegment } from '~/product/offer-view';
import { useSite } from '~/site/use-site';
import { Price } from '../common/Price';

const PRODUCT_PATH = /^\/[a-z-]+\/products\/([^/?#]+)$/;

/**
 * While the browser navigates to a product seen before, its cached card (browser database,
 * spec §3) shows at once over the page, until the server's page replaces it. Fixed position:
 * nothing under it moves.
 */
export function PendingProductPreview() {
  const navigation = useNavigation();
  const { t } = useSite();
  const [cached, setCached] = useState<CachedProduct | null>(null);
  const segment = navigation.state === 'loading' ? PRODUCT_PATH.exec(navigation.location.pathname)?.[1] : undefined;
  useEffect(() => {
    let current = true;
    if (!segment) setCached(null);
    else
      void getEntity<CachedProduct>('products', productIdFromSegment(decodeURIComponent(segment))).then(
        (found) => current && setCached(found),
      );
    return () => {
      current = false;
    };
  }, [segment]);
  if (!segment || !cached) return null;
  return (
    <div className="pending-preview" role="status" aria-live="polite">
      <img src={cached.image ?? '/img/placeholder/product.svg'} alt="" width={96} height={96} />
      <div>
        <strong>{cached.name}</strong>
        {cached.price ? (
          <p>
            {t('product.from')} <Price amount={cached.price.amount} currency={cached.price.currency} />
          </p>
        ) : null}
        <p className="muted">{t('common.loading')}</p>
      </div>
    </div>
  );
}
