const DAY_MS = 86_400_000;
const MAX_CACHED_MIDNIGHTS = 20_000;

/**
 * Local calendar arithmetic in an IANA time zone with Intl only: the instant of a local
 * midnight, found from the zone's offset at a guess and corrected once (offsets change at most
 * a few hours at a time). Intl is slow (a formatToParts is microseconds), and past midnights never
 * move: calendars are kept per zone (`calendarOf`) and remember the midnights they computed.
 */
export class ZonedCalendar {
  private readonly parts: Intl.DateTimeFormat;
  private readonly midnights = new Map<number, number>();

  /** Throws RangeError for a time zone Intl does not know. */
  constructor(readonly timeZone: string) {
    this.parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
  }

  /** The local wall-clock fields of an instant. */
  local(at: number): { year: number; month: number; day: number; wallMs: number } {
    const fields: Record<string, number> = {};
    for (const part of this.parts.formatToParts(at))
      if (part.type !== 'literal') fields[part.type] = Number(part.value);
    const { year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = fields;
    return { year, month, day, wallMs: Date.UTC(year, month - 1, day, hour, minute, second) };
  }

  /** The zone's offset from UTC at an instant, in ms (whole seconds). */
  offsetAt(at: number): number {
    return this.local(at).wallMs - Math.floor(at / 1000) * 1000;
  }

  /** The instant of 00:00 local time on a local date. */
  midnight(year: number, month: number, day: number): number {
    const wall = Date.UTC(year, month - 1, day);
    const known = this.midnights.get(wall);
    if (known !== undefined) return known;
    let guess = wall - this.offsetAt(wall);
    guess = wall - this.offsetAt(guess);
    if (this.midnights.size >= MAX_CACHED_MIDNIGHTS) this.midnights.clear();
    this.midnights.set(wall, guess);
    return guess;
  }

  /** 00:00 of the local day holding an instant. */
  startOfDay(at: number): number {
    const { year, month, day } = this.local(at);
    return this.midnight(year, month, day);
  }

  /** 00:00 of the first of the local month holding an instant. */
  startOfMonth(at: number): number {
    const { year, month } = this.local(at);
    return this.midnight(year, month, 1);
  }

  /** Local midnights from the day holding `from` to the one holding `to`, plus the one after. */
  midnightsBetween(from: number, to: number): number[] {
    const { year, month, day } = this.local(from);
    const last = this.startOfDay(to);
    const midnights: number[] = [];
    for (let offset = 0; ; offset += 1) {
      const date = new Date(Date.UTC(year, month - 1, day + offset));
      const midnight = this.midnight(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
      midnights.push(midnight);
      if (midnight > last) return midnights;
    }
  }
}

const calendars = new Map<string, ZonedCalendar>();

/** The calendar of a zone, made once (throws RangeError for an unknown zone). */
export function calendarOf(timeZone: string): ZonedCalendar {
  let calendar = calendars.get(timeZone);
  if (!calendar) {
    calendar = new ZonedCalendar(timeZone);
    if (calendars.size > 1_000) calendars.clear();
    calendars.set(timeZone, calendar);
  }
  return calendar;
}

export { DAY_MS };
