/**
 * Per aggregate document, the last click sequence folded from each process run and partition:
 * run → sequences indexed by partition (0: none yet). A run's clicks reach one partition in
 * sequence order (ADR 043a), so a click whose sequence is not above its mark was folded
 * already: a redelivery, or a second copy an outbox relay published after a crash. The marks live
 * in the document they guard, so the counts and the marks change in one atomic write of it.
 */
export type FoldMarks = Readonly<Record<string, readonly number[]>>;

/** One click's share of a document: where it came from and what it adds. */
export interface Contribution<D> {
  readonly run: string;
  readonly partition: number;
  readonly sequence: number;
  readonly delta: D;
}

/** The contributions not folded yet, in order, and the marks after taking them. */
export function unfolded<D>(
  marks: FoldMarks | undefined,
  contributions: readonly Contribution<D>[],
): { taken: D[]; marks: Record<string, number[]> } {
  // A Map: a batch checks thousands of contributions against a handful of runs.
  const next = new Map<string, number[]>();
  if (marks) for (const run in marks) next.set(run, [...marks[run]!]);
  const taken: D[] = [];
  for (const contribution of contributions) {
    let sequences = next.get(contribution.run);
    if (!sequences) next.set(contribution.run, (sequences = []));
    if (contribution.sequence <= (sequences[contribution.partition] ?? 0)) continue;
    sequences[contribution.partition] = contribution.sequence;
    taken.push(contribution.delta);
  }
  const written: Record<string, number[]> = {};
  // No holes: JSON would write them as null.
  for (const [run, sequences] of next) written[run] = Array.from(sequences, (sequence) => sequence ?? 0);
  return { taken, marks: written };
}
