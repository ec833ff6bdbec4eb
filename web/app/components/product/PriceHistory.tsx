import { useRef, useState } from 'react';
import { formatDate, formatPrice } from '~/i18n/format';
import { CHART_HEIGHT, CHART_WIDTH, historyView, type HistoryJson, type HistoryView } from '~/product/history-view';
import { latestOnly } from '~/product/offers-request';
import { useSite } from '~/site/use-site';

const RANGES = ['1m', '3m', '1y', 'all'] as const;
type Range = (typeof RANGES)[number];

export interface HistoryData extends HistoryView {
  /** The range shown: 1m, 3m, 1y or all. */
  readonly selected: string;
}

/**
 * The price history chart (spec §2.7): our own SVG of the daily lows, ranges 1M/3M/1Y/all.
 * The box has a fixed aspect ratio, so a range change or a late answer never shifts the page.
 */
export function PriceHistory({ productId, initial }: { productId: string; initial: HistoryData }) {
  const { t, tag, locale } = useSite();
  const [history, setHistory] = useState(initial);
  const tickets = useRef(latestOnly());
  const choose = async (range: Range) => {
    const ticket = tickets.current.next();
    const response = await fetch(
      `/api/products/${encodeURIComponent(productId)}/price-history?locale=${locale.id}&range=${range}`,
    );
    if (!response.ok || !tickets.current.isLatest(ticket)) return;
    setHistory({ ...historyView((await response.json()) as HistoryJson), selected: range });
  };
  const geometry = history.chart;
  const price = (amount: number) => formatPrice(amount, history.currency, tag);
  return (
    <section aria-labelledby="history-heading" className="price-history">
      <div className="section-head">
        <h2 id="history-heading">{t('product.history')}</h2>
        <div className="segmented" role="group" aria-label={t('product.history')}>
          {RANGES.map((range) => (
            <a
              key={range}
              href={`?range=${range}#history-heading`}
              role="button"
              aria-pressed={history.selected === range}
              onClick={(e) => {
                e.preventDefault();
                void choose(range);
              }}
            >
              {t(`product.historyRanges.${range}`)}
            </a>
          ))}
        </div>
      </div>
      <div className="chart-box">
        {geometry ? (
          <svg
            viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`}
            role="img"
            aria-label={t('product.historyChart', {
              from: geometry.first ? formatDate(geometry.first, tag) : '',
              to: geometry.last ? formatDate(geometry.last, tag) : '',
            })}
            preserveAspectRatio="none"
          >
            <line x1="0" y1={CHART_HEIGHT - 1} x2={CHART_WIDTH} y2={CHART_HEIGHT - 1} className="chart-axis" />
            <path d={geometry.path} className="chart-line" fill="none" vectorEffect="non-scaling-stroke" />
          </svg>
        ) : (
          <p className="muted chart-empty">{t('product.historyEmpty')}</p>
        )}
      </div>
      {geometry ? (
        <p className="chart-legend muted">
          <span>{geometry.first ? formatDate(geometry.first, tag) : ''}</span>
          {history.lowest ? (
            <span>
              {t('product.historyLow', {
                price: price(history.lowest.amount),
                date: history.lowest.at ? formatDate(history.lowest.at, tag) : '',
              })}
            </span>
          ) : null}
          {history.highest ? (
            <span>
              {t('product.historyHigh', {
                price: price(history.highest.amount),
                date: history.highest.at ? formatDate(history.highest.at, tag) : '',
              })}
            </span>
          ) : null}
          <span>{geometry.last ? formatDate(geometry.last, tag) : ''}</span>
        </p>
      ) : null}
    </section>
  );
}
