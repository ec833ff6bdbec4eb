/**
 * The price history chart's geometry (spec §2.7): daily lows as an SVG path in a fixed box,
 * days without an offer leave a gap. Pure, so the server and the browser draw the same.
 */
export interface ChartPoint {
  readonly date: string | null;
  readonly low: number | null;
}

export interface ChartGeometry {
  /** `d` of the line: "M x y L x y …", a new M after each gap. */
  readonly path: string;
  readonly min: number;
  readonly max: number;
  readonly first: string | null;
  readonly last: string | null;
}

export function chartGeometry(
  points: readonly ChartPoint[],
  width: number,
  height: number,
  pad = 4,
): ChartGeometry | null {
  const values = points.map((p) => p.low).filter((v): v is number => v !== null);
  if (values.length === 0) return null;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const step = points.length > 1 ? (width - 2 * pad) / (points.length - 1) : 0;
  const commands: string[] = [];
  let drawing = false;
  points.forEach((point, i) => {
    if (point.low === null) {
      drawing = false;
      return;
    }
    const x = pad + i * step;
    // A flat history sits in the middle rather than on the floor.
    const y = max === min ? height / 2 : pad + (1 - (point.low - min) / span) * (height - 2 * pad);
    commands.push(`${drawing ? 'L' : 'M'}${x.toFixed(1)} ${y.toFixed(1)}`);
    drawing = true;
  });
  const dated = points.filter((p) => p.date !== null);
  return {
    path: commands.join(' '),
    min,
    max,
    first: dated[0]?.date ?? null,
    last: dated[dated.length - 1]?.date ?? null,
  };
}
