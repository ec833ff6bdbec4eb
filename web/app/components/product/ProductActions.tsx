import { Link } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useSite } from '~/site/use-site';
import { CompareToggle } from '../compare/CompareToggle';
import { FavouriteButton } from './FavouriteButton';

/**
 * Visit shop (the first offer), favourite, alarm, compare (ADR 116), share and the admin edit link
 * (spec §2.7).
 * Favourite adds to the default list (FavouriteButton); alarm opens the new-alert form of the
 * account area (sign-in first); share appears only where the
 * browser can share (decided after hydration: the server cannot know).
 */
export function ProductActions({
  productId,
  name,
  firstOfferLink,
  adminHref,
}: {
  productId: string;
  name: string;
  firstOfferLink: string | null;
  adminHref: string;
}) {
  const { t, route, user, locale } = useSite();
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator.share === 'function'), []);
  return (
    <div className="product-actions">
      {firstOfferLink ? (
        <a href={firstOfferLink} className="button primary" rel="nofollow sponsored noopener" target="_blank">
          {t('product.visitShop')}
        </a>
      ) : null}
      <FavouriteButton productId={productId} />
      <Link
        to={route('account.alerts', {}, { product: productId, country: locale.country })}
        className="button"
        aria-label={t('product.alarm')}
      >
        <span aria-hidden="true">◷</span> <span className="action-label">{t('product.alarm')}</span>
      </Link>
      <CompareToggle product={{ id: productId, name }} />
      {canShare ? (
        <button
          type="button"
          onClick={() =>
            void navigator
              .share({ title: name, text: t('product.shareText', { name }), url: location.href })
              .catch(() => undefined)
          }
        >
          <span aria-hidden="true">⇪</span> {t('product.share')}
        </button>
      ) : null}
      {user?.isAdmin ? (
        <a href={adminHref} className="button">
          {t('product.edit')}
        </a>
      ) : null}
    </div>
  );
}
