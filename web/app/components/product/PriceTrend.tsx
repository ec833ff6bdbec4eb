import { formatPrice } from '~/i18n/format';
import { useSite } from '~/site/use-site';

export interface TrendData {
  readonly trend: string | null;
  readonly change: { amount: number; currency: string } | null;
  readonly reference: { amount: number; currency: string } | null;
}

const ARROWS: Readonly<Record<string, string>> = { down: '↘', stable: '→', up: '↗' };

/** Price trend down / stable / up (spec §4) against the 30-day average of the daily lows. */
export function PriceTrend({ trend }: { trend: TrendData }) {
  const { t, tag } = useSite();
  const key = trend.trend ?? 'unknown';
  return (
    <section aria-labelledby="trend-heading" className={`trend trend-${key}`}>
      <h2 id="trend-heading">{t('product.trend')}</h2>
      <p>
        <strong>
          <span aria-hidden="true">{ARROWS[key] ?? '·'}</span> {t(`product.trends.${key}`)}
        </strong>
        {trend.trend && trend.change && trend.reference ? (
          <span className="muted">
            {' '}
            {t('product.trendDetail', {
              change: `${trend.change.amount > 0 ? '+' : ''}${formatPrice(trend.change.amount, trend.change.currency, tag)}`,
              reference: formatPrice(trend.reference.amount, trend.reference.currency, tag),
            })}
          </span>
        ) : null}
      </p>
    </section>
  );
}
