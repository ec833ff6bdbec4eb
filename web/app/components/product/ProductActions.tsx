import { Link } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useSite } from '~/site/use-site';

/**
 * Visit shop (the first offer), favourite, alarm, share and the admin edit link (spec §2.7).
 * Favourite and alarm lead to the account area (sign-in first); share appears only where the
 * browser can share (decided after hydration: the server cannot know).
 */
export function ProductActions({ name, firstOfferLink, adminHref }: { name: string; firstOfferLink: string | null; adminHref: string }) {
  const { t, route, user } = useSite();
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator.share === 'function'), []);
  return (
    <div className="product-actions">
      {firstOfferLink ? (
        <a href={firstOfferLink} className="button primary" rel="nofollow sponsored noopener" target="_blank">
          {t('product.visitShop')}
        </a>
      ) : null}
      <Link to={route('account.favourites')} className="button" aria-label={t('product.favourite')}>
        <span aria-hidden="true">♡</span> <span className="action-label">{t('product.favourite')}</span>
      </Link>
      <Link to={route('account.alerts')} className="button" aria-label={t('product.alarm')}>
        <span aria-hidden="true">◷</span> <span className="action-label">{t('product.alarm')}</span>
      </Link>
      {canShare ? (
        <button type="button" onClick={() => void navigator.share({ title: name, text: t('product.shareText', { name }), url: location.href }).catch(() => undefined)}>
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
