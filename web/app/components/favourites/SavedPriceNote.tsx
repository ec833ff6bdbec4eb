import type { SavedPriceView } from '~/data/favourites-saved-prices.server';
import { formatDate, formatNumber, formatPrice } from '~/i18n/format';
import { useSite } from '~/site/use-site';

/** A real minus sign for a drop, a plus for a rise (Intl writes a hyphen). */
const signOf = (value: number) => (value < 0 ? '\u2212' : '+');

/**
 * How a favourite's price moved since it was saved (ADR 143): a drop names the saved day's price,
 * the day and the change; a rise only the change. Nothing without a comparison.
 */
export function SavedPriceNote({ saved }: { saved: SavedPriceView | undefined }) {
  const { t, tag } = useSite();
  if (!saved) return null;
  const sign = signOf(saved.change);
  const change = `${sign}${formatPrice(Math.abs(saved.change), saved.price.currency, tag)}`;
  if (saved.change > 0) return <p className="saved-price muted">{t('favourites.savedSince', { change })}</p>;
  return (
    <p className="saved-price muted">
      {t('favourites.savedWas', {
        price: formatPrice(saved.price.amount, saved.price.currency, tag),
        date: formatDate(saved.day, tag),
        change,
        percent: t('favourites.savedPercent', { percent: `${sign}${formatNumber(Math.abs(saved.percent), tag, 1)}` }),
      })}
    </p>
  );
}
