import { formatDate, formatNumber } from '~/i18n/format';
import { useSite } from '~/site/use-site';
import { clickChartGeometry } from './click-chart';

const CHART = { width: 600, height: 120 };

/**
 * A bar per day of a click series (the shop settings' panel, the click report): an SVG whose
 * label names the days and the scale, each bar titled with its day and clicks. Nothing for an
 * empty series.
 *
 *   <ClickDayChart daily={stats.daily} />
 */
export function ClickDayChart({ daily }: { daily: readonly { day: string; clicks: number }[] }) {
  const { t, tag } = useSite();
  const first = daily[0]?.day;
  const last = daily[daily.length - 1]?.day;
  if (!first || !last) return null;
  const chart = clickChartGeometry(daily, CHART);
  const dayName = (day: string) => formatDate(`${day}T00:00:00Z`, tag);
  return (
    <svg
      className="click-chart"
      viewBox={`0 0 ${chart.width} ${chart.height}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={t('clicks.chartLabel', {
        from: dayName(first),
        to: dayName(last),
        max: formatNumber(chart.scaleMax, tag),
      })}
    >
      <line x1={0} x2={chart.width} y1={0} y2={0} className="click-chart-grid" />
      <line x1={0} x2={chart.width} y1={chart.height} y2={chart.height} className="click-chart-grid" />
      {chart.bars.map((bar) => (
        <rect
          key={bar.day}
          x={bar.x}
          y={bar.y}
          width={bar.width}
          height={bar.height}
          data-day={bar.day}
          data-clicks={bar.clicks}
        >
          <title>{t('clicks.dayClicks', { day: dayName(bar.day), count: formatNumber(bar.clicks, tag) })}</title>
        </rect>
      ))}
    </svg>
  );
}
