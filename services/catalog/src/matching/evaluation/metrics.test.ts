import { addConfusions, countDecision, EMPTY_CONFUSION, pairCount, scoresOf } from './metrics';

describe('pairwise metrics', () => {
  it('counts decisions and scores them', () => {
    let confusion = EMPTY_CONFUSION;
    for (const [predicted, actual] of [
      [true, true],
      [true, true],
      [true, false],
      [false, true],
      [false, false],
    ] as const) {
      confusion = countDecision(confusion, predicted, actual);
    }
    expect(confusion).toEqual({ truePositives: 2, falsePositives: 1, falseNegatives: 1, trueNegatives: 1 });
    expect(pairCount(confusion)).toBe(5);
    const { precision, recall, f1 } = scoresOf(confusion);
    expect(precision).toBeCloseTo(2 / 3);
    expect(recall).toBeCloseTo(2 / 3);
    expect(f1).toBeCloseTo(2 / 3);
  });

  it('scores 0 rather than NaN when nothing is predicted or nothing is to be found', () => {
    expect(scoresOf(EMPTY_CONFUSION)).toEqual({ precision: 0, recall: 0, f1: 0 });
    expect(scoresOf({ ...EMPTY_CONFUSION, falseNegatives: 3 })).toEqual({ precision: 0, recall: 0, f1: 0 });
  });

  it('adds confusions field by field', () => {
    const a = { truePositives: 1, falsePositives: 2, falseNegatives: 3, trueNegatives: 4 };
    expect(addConfusions(a, a)).toEqual({ truePositives: 2, falsePositives: 4, falseNegatives: 6, trueNegatives: 8 });
  });
});
