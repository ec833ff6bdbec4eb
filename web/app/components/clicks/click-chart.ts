/** One day's bar of the click chart, in the chart's own coordinates (SVG user units). */
export interface ClickBar {
  readonly day: string;
  readonly clicks: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface ClickChartGeometry {
  readonly bars: readonly ClickBar[];
  /** The value of the top gridline: the busiest day rounded up to 1, 2 or 5 times a power of ten. */
  readonly scaleMax: number;
  readonly width: number;
  readonly height: number;
}

/** Bars leave this share of their slot empty, so neighbouring days stay apart. */
const GAP_SHARE = 0.2;

/** The smallest 1, 2 or 5 × 10ⁿ at or above `value` (at least 1): a gridline a reader can name. */
export function niceCeiling(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/**
 * The per-day click chart of the business dashboard (issue 41: "numbers and a chart"): one bar per
 * local day, oldest left, heights in proportion to the scale's top (a day without clicks is a
 * bar of height 0, so gaps in the series stay visible as gaps, never closed up).
 */
export function clickChartGeometry(
  daily: readonly { day: string; clicks: number }[],
  size: { width: number; height: number },
): ClickChartGeometry {
  const busiest = daily.reduce((max, d) => Math.max(max, d.clicks), 0);
  const scaleMax = niceCeiling(busiest);
  const slot = daily.length > 0 ? size.width / daily.length : size.width;
  const barWidth = slot * (1 - GAP_SHARE);
  const bars = daily.map((d, i) => {
    const height = (Math.max(0, d.clicks) / scaleMax) * size.height;
    return {
      day: d.day,
      clicks: d.clicks,
      x: i * slot + (slot - barWidth) / 2,
      y: size.height - height,
      width: barWidth,
      height,
    };
  });
  return { bars, scaleMax, width: size.width, height: size.height };
}
