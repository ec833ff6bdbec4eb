import { Link } from '@remix-run/react';
import type { ShopView } from '~/business/shop-stage';
import { formatDate, formatNumber } from '~/i18n/format';
import { countForm } from '~/i18n/plural';
import { useSite } from '~/site/use-site';

/**
 * A dashboard shop row's warning that feeds fail (ADR 128): how many, since when, and a link to
 * the feeds of its settings, where each says why. Said in words and a sign, not by colour alone.
 */
export function FeedsFailingWarning({ shop }: { shop: Pick<ShopView, 'id' | 'name' | 'feedsFailing'> }) {
  const { t, tag, language } = useSite();
  if (!shop.feedsFailing) return null;
  const { count, since } = shop.feedsFailing;
  return (
    <p className="feeds-failing-warning">
      <span aria-hidden="true">⚠ </span>
      <strong>
        {t(`business.shops.feedsFailing.${countForm(count, language) === 'one' ? 'one' : 'many'}`, {
          n: formatNumber(count, tag),
          date: formatDate(since, tag),
        })}
      </strong>{' '}
      <Link
        to={`/account/business/shops/${encodeURIComponent(shop.id)}#feeds-heading`}
        aria-label={t('business.shops.checkFeedsOf', { name: shop.name })}
      >
        {t('business.shops.checkFeeds')}
      </Link>
    </p>
  );
}
