import {
  inMonth,
  monthWindow,
  parseChartDays,
  parseReportMonth,
  ReportFieldError,
  reportMonths,
} from './click-report-period';

const NOW = new Date('2026-12-07T10:00:00Z');
const DAY_MS = 86_400_000;

/** The field and rule a parse refused with, or what it returned. */
const outcome = (parse: () => unknown) => {
  try {
    return { value: parse() };
  } catch (error) {
    if (!(error instanceof ReportFieldError)) throw error;
    return { field: error.field, rule: error.rule };
  }
};

describe('reportMonths', () => {
  it('offers this month back to the month the shop was registered, newest first, across a year', () => {
    expect(reportMonths('2026-10-31T23:59:59Z', NOW)).toEqual(['2026-12', '2026-11', '2026-10']);
    expect(reportMonths(new Date('2025-11-15T00:00:00Z'), NOW)).toEqual([
      '2026-12',
      '2026-11',
      '2026-10',
      '2026-09',
      '2026-08',
      '2026-07',
      '2026-06',
      '2026-05',
      '2026-04',
      '2026-03',
      '2026-02',
      '2026-01',
      '2025-12',
      '2025-11',
    ]);
  });

  it('offers this month alone for a shop registered this month, later, or without a registration', () => {
    expect(reportMonths('2026-12-01T00:00:00Z', NOW)).toEqual(['2026-12']);
    expect(reportMonths('2027-03-01T00:00:00Z', NOW)).toEqual(['2026-12']);
    expect(reportMonths('', NOW)).toEqual(['2026-12']);
    expect(reportMonths('not a date', NOW)).toEqual(['2026-12']);
    expect(reportMonths(undefined, NOW)).toEqual(['2026-12']);
  });
});

describe('parseReportMonth', () => {
  const months = ['2026-12', '2026-11', '2026-10'];

  it('takes a month the report offers, and the newest when none is asked', () => {
    expect(parseReportMonth('2026-11', months)).toBe('2026-11');
    expect(parseReportMonth(' 2026-10 ', months)).toBe('2026-10');
    expect(parseReportMonth(null, months)).toBe('2026-12');
    expect(parseReportMonth('', months)).toBe('2026-12');
  });

  it('names the month field for anything else: not a month, or one the report does not keep', () => {
    for (const bad of ['2026-13', '2026-1', '26-11', '2026-11-01', 'november', '2026-00'])
      expect(outcome(() => parseReportMonth(bad, months))).toEqual({ field: 'month', rule: 'regex' });
    for (const outside of ['2026-09', '2027-01', '1999-12'])
      expect(outcome(() => parseReportMonth(outside, months))).toEqual({ field: 'month', rule: 'in' });
  });
});

describe('parseChartDays', () => {
  it('takes 7, 30 or 90 days, 30 when none is asked', () => {
    expect(parseChartDays('7')).toBe(7);
    expect(parseChartDays('90')).toBe(90);
    expect(parseChartDays(null)).toBe(30);
    expect(parseChartDays('')).toBe(30);
  });

  it('names the days field for any other value', () => {
    for (const bad of ['1', '31', '365', '07', '7.0', 'week', '-30'])
      expect(outcome(() => parseChartDays(bad))).toEqual({ field: 'days', rule: 'in' });
  });
});

describe('monthWindow', () => {
  /** The UTC days a window covers, as clickStatsView reads it: `days` days ending at `now`. */
  const daysOf = ({ now, days }: { now: Date; days: number }, month: string) => {
    const covered: string[] = [];
    for (let i = days - 1; i >= 0; i -= 1)
      covered.push(new Date(now.getTime() - i * DAY_MS).toISOString().slice(0, 10));
    return covered.filter((day) => inMonth(day, month));
  };

  it('covers every day of a past month, the day before it too, never more', () => {
    const window = monthWindow('2026-02', NOW);
    expect(window).toEqual({ now: new Date('2026-02-28T23:59:59.999Z'), days: 29 });
    const days = daysOf(window, '2026-02');
    expect(days).toHaveLength(28);
    expect([days[0], days.at(-1)]).toEqual(['2026-02-01', '2026-02-28']);
  });

  it('covers this month up to today, and a window of two days on its first day', () => {
    expect(daysOf(monthWindow('2026-12', NOW), '2026-12')).toEqual([
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
      '2026-12-07',
    ]);
    const first = monthWindow('2026-12', new Date('2026-12-01T00:00:01Z'));
    expect(first.days).toBe(2);
    expect(daysOf(first, '2026-12')).toEqual(['2026-12-01']);
  });
});
