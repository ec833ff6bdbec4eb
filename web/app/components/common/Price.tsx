import { formatPrice } from '~/i18n/format';
import { useSite } from '~/site/use-site';

/** A price from minor units with exactly two decimals, in the locale's way of writing it. */
export function Price({ amount, currency, className }: { amount: number; currency: string; className?: string }) {
  const { tag } = useSite();
  return (
    <data value={(amount / 100).toFixed(2)} className={className ?? 'price'}>
      {formatPrice(amount, currency, tag)}
    </data>
  );
}
