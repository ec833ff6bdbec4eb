import { blackFriday, dayOfYearStart, yearOf, type DayNumber } from '../calendar/days.js';

/** A retail season in which shops cut prices: Black Week, January sales, summer sales, 11.11. */
export interface SaleSeason {
  readonly name: string;
  readonly start: DayNumber;
  /** Last day, inclusive. */
  readonly end: DayNumber;
  /** Chance a shop with full sale affinity joins. */
  readonly participation: number;
  readonly depth: readonly [number, number];
}

/** Every season that overlaps [from, to). */
export function saleSeasons(from: DayNumber, to: DayNumber): SaleSeason[] {
  const seasons: SaleSeason[] = [];
  for (let year = yearOf(from); year <= yearOf(to); year += 1) {
    const friday = blackFriday(year);
    seasons.push(
      {
        name: `january-${year}`,
        start: dayOfYearStart(year, 1, 2),
        end: dayOfYearStart(year, 1, 21),
        participation: 0.6,
        depth: [0.1, 0.25],
      },
      {
        name: `summer-${year}`,
        start: dayOfYearStart(year, 7, 1),
        end: dayOfYearStart(year, 7, 14),
        participation: 0.45,
        depth: [0.08, 0.2],
      },
      {
        name: `singles-day-${year}`,
        start: dayOfYearStart(year, 11, 11),
        end: dayOfYearStart(year, 11, 11),
        participation: 0.25,
        depth: [0.1, 0.15],
      },
      // Black Week: Monday before Black Friday through Cyber Monday.
      { name: `black-week-${year}`, start: friday - 4, end: friday + 3, participation: 0.9, depth: [0.12, 0.3] },
    );
  }
  return seasons.filter((season) => season.end >= from && season.start < to);
}
