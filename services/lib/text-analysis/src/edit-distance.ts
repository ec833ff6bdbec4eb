/**
 * Optimal string alignment distance (Levenshtein plus adjacent transpositions, as Elasticsearch
 * fuzzy queries count them), or `max + 1` as soon as it must exceed `max`.
 */
export function boundedEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (max <= 1) return a === b ? 0 : max === 1 && withinOneEdit(a, b) ? 1 : max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (before[j - 2] ?? 0) + 1);
      current[j] = value;
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length] ?? max + 1, max + 1);
}

/** One insertion, deletion, substitution or swap of neighbouring letters apart, by one scan
 *  (the common `max` of 1 without the table): lengths differ by at most one. */
function withinOneEdit(a: string, b: string): boolean {
  let same = 0;
  while (same < a.length && same < b.length && a[same] === b[same]) same += 1;
  if (a.length > b.length) return a.slice(same + 1) === b.slice(same);
  if (b.length > a.length) return a.slice(same) === b.slice(same + 1);
  const substituted = a.slice(same + 1) === b.slice(same + 1);
  const swapped = a[same] === b[same + 1] && a[same + 1] === b[same] && a.slice(same + 2) === b.slice(same + 2);
  return substituted || swapped;
}

/** Typos allowed for a term of this length: Elasticsearch's `fuzziness: 'AUTO:4,8'`. */
export function allowedEdits(term: string): number {
  if (term.length >= 8) return 2;
  if (term.length >= 4) return 1;
  return 0;
}
