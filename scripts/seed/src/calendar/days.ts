/** Whole UTC days since 1970-01-01: the time axis of the generated history. */
export type DayNumber = number;

const DAY_MS = 86_400_000;

export const dayOf = (date: Date): DayNumber => Math.floor(date.getTime() / DAY_MS);

/** 00:00 UTC of a day. */
export const startOfDay = (day: DayNumber): Date => new Date(day * DAY_MS);

/** A moment inside a day, `minuteOfDay` minutes after 00:00 UTC. */
export const momentOf = (day: DayNumber, minuteOfDay: number): Date => new Date(day * DAY_MS + minuteOfDay * 60_000);

/** Parses `YYYY-MM-DD` (UTC); null when malformed or not a real date. */
export function parseDay(text: string): DayNumber | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return dayOf(date);
}

export const formatDay = (day: DayNumber): string => startOfDay(day).toISOString().slice(0, 10);

/** Black Friday: the day after the fourth Thursday of November. */
export function blackFriday(year: number): DayNumber {
  const firstOfNovember = new Date(Date.UTC(year, 10, 1));
  const firstThursday = 1 + ((4 - firstOfNovember.getUTCDay() + 7) % 7);
  return dayOf(new Date(Date.UTC(year, 10, firstThursday + 21 + 1)));
}

export const yearOf = (day: DayNumber): number => startOfDay(day).getUTCFullYear();

export const dayOfYearStart = (year: number, month: number, date: number): DayNumber =>
  dayOf(new Date(Date.UTC(year, month - 1, date)));
