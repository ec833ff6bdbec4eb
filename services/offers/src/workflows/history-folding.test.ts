import { finishedMonths } from './history-folding.js';

describe('finishedMonths', () => {
  it('names the months before the given one, oldest first, across a year', () => {
    expect(finishedMonths(new Date('2027-02-10T00:00:00Z'), 2)).toEqual(['2026-12', '2027-01']);
    expect(finishedMonths(new Date('2026-03-01T00:00:00Z'), 2)).toEqual(['2026-01', '2026-02']);
    expect(finishedMonths(new Date('2026-12-31T23:59:59Z'), 1)).toEqual(['2026-11']);
  });
});
