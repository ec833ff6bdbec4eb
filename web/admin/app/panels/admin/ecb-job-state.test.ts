import { translator } from '../../i18n/languages';
import { ecbJobLines, intervalText, type EcbJobState } from './ecb-job-state';

const t = translator('en');
const text = (job: EcbJobState | null) => ecbJobLines(job).map((line) => t(line.key, line.params));

const job: EcbJobState = {
  url: 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref.zip',
  intervalMs: 4 * 3_600_000,
  nextRunAt: '2026-12-06T18:04:39.003Z',
  lastRun: null,
};
const run = { jobId: 'offers.ecb-rates@1', finishedAt: '2026-12-06T14:04:39.003Z', error: '', ratesDay: '2026-12-05' };

describe("what the FX rates page says of offers' ECB rates job", () => {
  it('says nothing refreshes the rates when the job is switched off', () => {
    expect(text(null)).toEqual([expect.stringContaining('not refreshed automatically')]);
  });

  it('says how often and from where offers fetches them, and when, before the first run', () => {
    expect(text(job)).toEqual([
      expect.stringContaining(
        'every 4 h from https://www.ecb.europa.eu/stats/eurofxref/eurofxref.zip and stores them with source ECB',
      ),
      'It has not run yet.',
      'Next run 2026-12-06 18:04 UTC.',
    ]);
  });

  it('says what the last run stored, that it found nothing new, or why it failed (as bad news)', () => {
    expect(text({ ...job, lastRun: { ...run, state: 'succeeded', stored: 7 } })[1]).toBe(
      'Last run 2026-12-06 14:04 UTC: stored 7 rates of 2026-12-05.',
    );
    expect(text({ ...job, lastRun: { ...run, state: 'succeeded', stored: 0 } })[1]).toBe(
      'Last run 2026-12-06 14:04 UTC: nothing new, the rates of 2026-12-05 were stored already.',
    );
    const failed = ecbJobLines({
      ...job,
      nextRunAt: '',
      lastRun: {
        ...run,
        state: 'failed',
        error: 'https://www.ecb.europa.eu/… answered HTTP 503',
        ratesDay: '',
        stored: 0,
      },
    });
    expect(failed[1]).toMatchObject({ bad: true });
    expect(failed.map((line) => t(line.key, line.params)).slice(1)).toEqual([
      'Last run 2026-12-06 14:04 UTC did not succeed (failed). https://www.ecb.europa.eu/… answered HTTP 503',
      'A run is in progress.',
    ]);
  });

  it('reads an interval in hours, minutes or seconds', () => {
    expect([4 * 3_600_000, 90 * 60_000, 45_000].map(intervalText)).toEqual(['4 h', '90 min', '45 s']);
  });
});
