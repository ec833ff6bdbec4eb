import type { TFunction } from 'i18next';
import { formatNumber } from '~/i18n/format';
import { useSite } from '~/site/use-site';

type RatingValue = { value: number; count: number } | null;

/** Stars with one decimal (spec §9); the empty-set symbol when nobody rated it (spec §8). */
export function Rating({ rating }: { rating: RatingValue }) {
  const { t, tag } = useSite();
  return <RatingMark rating={rating} t={t} tag={tag} />;
}

/**
 * The stars as Rating draws them, from the page's `t` and formatting tag rather than the site's
 * context: for HTML the server writes outside the page's tree (the prices abroad's rows).
 */
export function RatingMark({ rating, t, tag }: { rating: RatingValue; t: TFunction; tag: string }) {
  if (!rating || rating.count === 0) {
    return (
      <span className="rating rating-none" title={t('rating.none')}>
        <span aria-hidden="true">∅</span>
        <span className="visually-hidden">{t('rating.none')}</span>
      </span>
    );
  }
  const filled = Math.round(rating.value);
  return (
    <span className="rating" title={t('rating.label', { value: formatNumber(rating.value, tag, 1) })}>
      <span aria-hidden="true" className="stars">
        {'★'.repeat(filled)}
        {'☆'.repeat(Math.max(0, 5 - filled))}
      </span>{' '}
      <span>{formatNumber(rating.value, tag, 1)}</span>
      <span className="visually-hidden">{t('rating.outOf')}</span>{' '}
      <span className="muted">({formatNumber(rating.count, tag)})</span>
    </span>
  );
}
