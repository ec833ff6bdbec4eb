import { useSite } from '~/site/use-site';

export interface TrendData {
  readonly trend: string | null;
  /** "−CHF 13.33 compared with the 30-day average of CHF 358.33", written on the server; '' without a trend. */
  readonly detail: string;
}

const ARROWS: Readonly<Record<string, string>> = { down: '↘', stable: '→', up: '↗' };

/** Price trend down / stable / up (spec §4) against the 30-day average of the daily lows. */
export function PriceTrend({ trend }: { trend: TrendData }) {
  const { t } = useSite();
  const key = trend.trend ?? 'unknown';
  return (
    <section aria-labelledby="trend-heading" className={`trend trend-${key}`}>
      <h2 id="trend-heading">{t('product.trend')}</h2>
      <p>
        <strong>
          <span aria-hidden="true">{ARROWS[key] ?? '·'}</span> {t(`product.trends.${key}`)}
        </strong>
        {trend.detail ? <span className="muted"> {trend.detail}</span> : null}
      </p>
    </section>
  );
}
