import { chartGeometry, type ChartGeometry, type ChartPoint } from './chart-geometry';

/** The price history chart's box (SVG user units): the server and the browser draw in the same one. */
export const CHART_WIDTH = 640;
export const CHART_HEIGHT = 200;

interface Extreme {
  readonly amount: number;
  readonly currency: string;
  readonly at: string | null;
}

/** A price history as `/api/products/{id}/price-history` answers it (the fields the chart reads). */
export interface HistoryJson {
  readonly currency: string;
  readonly points: readonly ChartPoint[];
  readonly lowest: Extreme | null;
  readonly highest: Extreme | null;
}

/**
 * What the chart shows of a history: its line already drawn, not the daily points. The page
 * sends this (one string for the line instead of some ninety points, each an object the page's
 * data encoding walks); a range chosen later is fetched as points and drawn in the browser.
 */
export interface HistoryView {
  readonly currency: string;
  readonly chart: ChartGeometry | null;
  readonly lowest: Extreme | null;
  readonly highest: Extreme | null;
}

export function historyView(history: HistoryJson): HistoryView {
  return {
    currency: history.currency,
    chart: chartGeometry(history.points, CHART_WIDTH, CHART_HEIGHT),
    lowest: history.lowest,
    highest: history.highest,
  };
}
