// How many site processes `npm start` runs (web/cluster/process-count.mjs, ADR 092).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { siteProcessCount } = require('../cluster/process-count.cjs') as {
  siteProcessCount: (env: Record<string, string | undefined>, cores?: number) => number;
};

describe('SITE_PROCESSES', () => {
  it('defaults to one process per core, at most four, at least one', () => {
    expect(siteProcessCount({}, 1)).toBe(1);
    expect(siteProcessCount({}, 2)).toBe(2);
    expect(siteProcessCount({}, 16)).toBe(4);
    expect(siteProcessCount({ SITE_PROCESSES: ' ' }, 2)).toBe(2);
  });

  it('takes the number it is given, even above the cores', () => {
    expect(siteProcessCount({ SITE_PROCESSES: '1' }, 8)).toBe(1);
    expect(siteProcessCount({ SITE_PROCESSES: '6' }, 2)).toBe(6);
  });

  it('refuses what is not a whole number from 1 to 64, naming the variable', () => {
    for (const wrong of ['0', '-1', '1.5', 'two', '65'])
      expect(() => siteProcessCount({ SITE_PROCESSES: wrong }, 2)).toThrow(
        /^SITE_PROCESSES: expected a whole number from 1 to 64/,
      );
  });
});
