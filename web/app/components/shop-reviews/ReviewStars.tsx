import { useSite } from '~/site/use-site';

/** Filled and empty stars for a whole or one-decimal value (rounded), as text. */
export const starText = (value: number): string => {
  const filled = Math.max(0, Math.min(5, Math.round(value)));
  return `${'★'.repeat(filled)}${'☆'.repeat(5 - filled)}`;
};

/** One review's stars, with their text alternative ("4 of 5 stars"). */
export function ReviewStars({ stars }: { stars: number }) {
  const { t } = useSite();
  return (
    <span className="stars" role="img" aria-label={t('shopReviews.starsOf', { n: stars })}>
      {starText(stars)}
    </span>
  );
}
