import type { ShopRatingJson } from '~/api/mappers/shop-review.server';
import { useCount } from '~/components/common/Count';
import { formatNumber } from '~/i18n/format';
import { useSite } from '~/site/use-site';
import { starText } from './ReviewStars';

/**
 * A shop's rating (ADR 119): its stars and "4.3 of 5", how many reviews, a bar per number of
 * stars (5 first) and how many are verified; "No reviews yet" without any.
 */
export function ShopRatingSummary({ rating }: { rating: ShopRatingJson | null }) {
  const { t, tag } = useSite();
  const count = useCount();
  if (!rating) return <p className="muted shop-rating-none">{t('shopReviews.none')}</p>;
  const value = formatNumber(rating.value, tag, 1);
  return (
    <div className="shop-rating">
      <p className="shop-rating-value">
        <span className="stars" aria-hidden="true">
          {starText(rating.value)}
        </span>{' '}
        <strong>{t('shopReviews.valueOf', { value })}</strong>{' '}
        <span className="muted">{count('counts.reviews', rating.count)}</span>
      </p>
      <ol className="distribution" aria-label={t('shopReviews.distribution')}>
        {rating.distribution.map((reviews, i) => (
          <li key={5 - i}>
            <span aria-hidden="true">{5 - i}★</span>
            <meter min={0} max={rating.count} value={reviews} aria-label={count('reviews.stars', 5 - i)} />
            <span className="muted">{formatNumber(reviews, tag)}</span>
          </li>
        ))}
      </ol>
      <p className="muted shop-rating-verified">{count('shopReviews.verifiedCount', rating.verified_count)}</p>
    </div>
  );
}
