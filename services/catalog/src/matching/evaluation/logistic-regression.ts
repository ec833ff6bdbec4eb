// Logistic regression with L2 regularisation, fitted by L-BFGS: numeric features (standardised
// while fitting, so that one penalty suits them all) and sparse binary ones (token indices).
// Deterministic: the same rows give the same weights, so the checked-in model can be rebuilt.

export interface TrainingRow {
  readonly numeric: readonly number[];
  /** Indices of the sparse features that are 1; the others are 0. */
  readonly sparse: readonly number[];
  readonly isMatch: boolean;
}

export interface RegressionOptions {
  readonly sparseFeatures: number;
  /** Penalty on the standardised numeric weights, and on the sparse weights. */
  readonly numericPenalty: number;
  readonly sparsePenalty: number;
  readonly maxIterations?: number;
}

/** Weights on the raw (unstandardised) numeric features. */
export interface FittedRegression {
  readonly bias: number;
  readonly numeric: readonly number[];
  readonly sparse: readonly number[];
}

const HISTORY = 10;
const ARMIJO = 1e-4;

const dot = (a: Float64Array, b: Float64Array): number => {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += a[i]! * b[i]!;
  return sum;
};

function standardisation(rows: readonly TrainingRow[], count: number): { mean: number[]; scale: number[] } {
  const mean = new Array<number>(count).fill(0);
  const scale = new Array<number>(count).fill(0);
  for (const row of rows) row.numeric.forEach((value, j) => (mean[j]! += value / rows.length));
  for (const row of rows) row.numeric.forEach((value, j) => (scale[j]! += (value - mean[j]!) ** 2 / rows.length));
  return { mean, scale: scale.map((variance) => (variance > 1e-12 ? Math.sqrt(variance) : 1)) };
}

export function predictLogOdds(fitted: FittedRegression, row: Pick<TrainingRow, 'numeric' | 'sparse'>): number {
  let sum = fitted.bias;
  row.numeric.forEach((value, j) => (sum += value * (fitted.numeric[j] ?? 0)));
  for (const index of row.sparse) sum += fitted.sparse[index] ?? 0;
  return sum;
}

export function fitLogisticRegression(rows: readonly TrainingRow[], options: RegressionOptions): FittedRegression {
  const numericCount = rows[0]?.numeric.length ?? 0;
  const { mean, scale } = standardisation(rows, numericCount);
  const standardised = rows.map((row) => row.numeric.map((value, j) => (value - mean[j]!) / scale[j]!));
  const size = 1 + numericCount + options.sparseFeatures;
  const penaltyOf = (j: number): number =>
    j === 0 ? 0 : j <= numericCount ? options.numericPenalty : options.sparsePenalty;

  /** Penalised negative log-likelihood, its gradient written into `gradient`. */
  const objective = (w: Float64Array, gradient: Float64Array): number => {
    gradient.fill(0);
    let loss = 0;
    rows.forEach((row, i) => {
      const z = standardised[i]!;
      let logOdds = w[0]!;
      for (let j = 0; j < numericCount; j += 1) logOdds += w[1 + j]! * z[j]!;
      for (const index of row.sparse) logOdds += w[1 + numericCount + index]!;
      // log(1 + e^x) computed without overflow.
      loss += Math.max(logOdds, 0) + Math.log1p(Math.exp(-Math.abs(logOdds))) - (row.isMatch ? logOdds : 0);
      const error = 1 / (1 + Math.exp(-logOdds)) - (row.isMatch ? 1 : 0);
      gradient[0]! += error;
      for (let j = 0; j < numericCount; j += 1) gradient[1 + j]! += error * z[j]!;
      for (const index of row.sparse) gradient[1 + numericCount + index]! += error;
    });
    for (let j = 1; j < size; j += 1) {
      loss += 0.5 * penaltyOf(j) * w[j]! ** 2;
      gradient[j]! += penaltyOf(j) * w[j]!;
    }
    return loss;
  };

  const w = minimiseLbfgs(objective, size, options.maxIterations ?? 500);
  const numeric = mean.map((_, j) => w[1 + j]! / scale[j]!);
  return {
    bias: w[0]! - mean.reduce((sum, m, j) => sum + numeric[j]! * m, 0),
    numeric,
    sparse: Array.from(w.subarray(1 + numericCount)),
  };
}

/** Limited-memory BFGS with a backtracking line search, from zero weights. */
function minimiseLbfgs(
  objective: (w: Float64Array, gradient: Float64Array) => number,
  size: number,
  maxIterations: number,
): Float64Array {
  let w = new Float64Array(size);
  let gradient = new Float64Array(size);
  let loss = objective(w, gradient);
  const steps: Float64Array[] = [];
  const changes: Float64Array[] = [];
  for (let iteration = 0; iteration < maxIterations; iteration += 1) {
    const direction = Float64Array.from(gradient);
    const alphas: number[] = [];
    for (let k = steps.length - 1; k >= 0; k -= 1) {
      alphas[k] = dot(steps[k]!, direction) / dot(changes[k]!, steps[k]!);
      for (let j = 0; j < size; j += 1) direction[j]! -= alphas[k]! * changes[k]![j]!;
    }
    const last = steps.length - 1;
    const gamma =
      last >= 0
        ? dot(steps[last]!, changes[last]!) / dot(changes[last]!, changes[last]!)
        : 1 / Math.max(1, Math.sqrt(dot(gradient, gradient)));
    for (let j = 0; j < size; j += 1) direction[j]! *= gamma;
    for (let k = 0; k < steps.length; k += 1) {
      const beta = dot(changes[k]!, direction) / dot(changes[k]!, steps[k]!);
      for (let j = 0; j < size; j += 1) direction[j]! += steps[k]![j]! * (alphas[k]! - beta);
    }
    const slope = dot(gradient, direction);
    let stepSize = 1;
    let next = new Float64Array(size);
    const nextGradient = new Float64Array(size);
    let nextLoss = loss;
    for (;;) {
      for (let j = 0; j < size; j += 1) next[j] = w[j]! - stepSize * direction[j]!;
      nextLoss = objective(next, nextGradient);
      if (nextLoss <= loss - ARMIJO * stepSize * slope || stepSize < 1e-12) break;
      stepSize /= 2;
    }
    const step = next.map((value, j) => value - w[j]!);
    const change = nextGradient.map((value, j) => value - gradient[j]!);
    if (dot(step, change) > 1e-12) {
      steps.push(step);
      changes.push(change);
      if (steps.length > HISTORY) {
        steps.shift();
        changes.shift();
      }
    }
    const converged = Math.abs(loss - nextLoss) <= 1e-10 * Math.max(1, Math.abs(loss));
    [w, next] = [next, w];
    gradient = nextGradient;
    loss = nextLoss;
    if (converged) break;
  }
  return w;
}
