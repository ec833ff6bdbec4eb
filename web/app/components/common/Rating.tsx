import { formatNumber } from '~/i18n/format';
import { useSite } from '~/site/use-site';

/** Stars with one decimal (spec §9); the empty-set symbol when nobody rated it (spec §8). */
export function Rating({ rating }: { rating: { value: number; count: number } | null }) {
  const { t, tag } = useSite();
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
