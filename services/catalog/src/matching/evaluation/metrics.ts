// Pairwise precision, recall and F1, the measures the entity-matching literature reports.

export interface Confusion {
  readonly truePositives: number;
  readonly falsePositives: number;
  readonly falseNegatives: number;
  readonly trueNegatives: number;
}

export interface Scores {
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
}

export const EMPTY_CONFUSION: Confusion = { truePositives: 0, falsePositives: 0, falseNegatives: 0, trueNegatives: 0 };

export function countDecision(confusion: Confusion, predicted: boolean, actual: boolean): Confusion {
  return {
    truePositives: confusion.truePositives + (predicted && actual ? 1 : 0),
    falsePositives: confusion.falsePositives + (predicted && !actual ? 1 : 0),
    falseNegatives: confusion.falseNegatives + (!predicted && actual ? 1 : 0),
    trueNegatives: confusion.trueNegatives + (!predicted && !actual ? 1 : 0),
  };
}

export function addConfusions(a: Confusion, b: Confusion): Confusion {
  return {
    truePositives: a.truePositives + b.truePositives,
    falsePositives: a.falsePositives + b.falsePositives,
    falseNegatives: a.falseNegatives + b.falseNegatives,
    trueNegatives: a.trueNegatives + b.trueNegatives,
  };
}

export function pairCount(confusion: Confusion): number {
  return confusion.truePositives + confusion.falsePositives + confusion.falseNegatives + confusion.trueNegatives;
}

/** Precision and recall are 0 when undefined (nothing predicted / nothing to find). */
export function scoresOf(confusion: Confusion): Scores {
  const predicted = confusion.truePositives + confusion.falsePositives;
  const actual = confusion.truePositives + confusion.falseNegatives;
  const precision = predicted === 0 ? 0 : confusion.truePositives / predicted;
  const recall = actual === 0 ? 0 : confusion.truePositives / actual;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}
