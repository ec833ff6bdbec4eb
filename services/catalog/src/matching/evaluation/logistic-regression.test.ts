import { fitLogisticRegression, predictLogOdds, type TrainingRow } from './logistic-regression';

/** Matches have a high first number; token 0 marks a non-match, token 1 says nothing. */
function rows(): TrainingRow[] {
  const out: TrainingRow[] = [];
  for (let i = 0; i < 200; i += 1) {
    const isMatch = i % 2 === 0;
    const score = (isMatch ? 0.7 : 0.3) + ((i * 37) % 17) / 100 - 0.08;
    const sparse = !isMatch && i % 5 === 1 ? [0, 1] : [1];
    out.push({ numeric: [score * 100, 1], sparse, isMatch });
  }
  return out;
}

describe('logistic regression', () => {
  const options = { sparseFeatures: 2, numericPenalty: 0.1, sparsePenalty: 0.1 };

  it('separates the classes, on the raw scale of the numeric features', () => {
    const fitted = fitLogisticRegression(rows(), options);
    expect(predictLogOdds(fitted, { numeric: [80, 1], sparse: [1] })).toBeGreaterThan(2);
    expect(predictLogOdds(fitted, { numeric: [20, 1], sparse: [1] })).toBeLessThan(-2);
    expect(fitted.numeric[0]).toBeGreaterThan(0);
    // A constant feature learns nothing; a token seen on non-matches only weighs against a match.
    expect(fitted.numeric[1]).toBeCloseTo(0, 9);
    expect(fitted.sparse[0]).toBeLessThan(0);
  });

  it('gives the same weights for the same rows, and smaller ones under a larger penalty', () => {
    expect(fitLogisticRegression(rows(), options)).toEqual(fitLogisticRegression(rows(), options));
    const strict = fitLogisticRegression(rows(), { ...options, numericPenalty: 100 });
    expect(Math.abs(strict.numeric[0]!)).toBeLessThan(Math.abs(fitLogisticRegression(rows(), options).numeric[0]!));
  });
});
