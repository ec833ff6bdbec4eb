import { MATCH_SCORING } from '../title-scoring';
import type { LabelledPair } from './ditto-pairs';
import { comparePairs } from './scored-pairs';
import { meanF1, tuneScoring } from './tune-scoring';

const pair = (left: string, right: string, isMatch: boolean): LabelledPair => ({ left: { title: left }, right: { title: right }, isMatch });

describe('tuneScoring', () => {
  it('moves the knobs to where the labelled pairs are decided better, and never worse', () => {
    // Near-identical titles that are different products: the shipped knobs take them as one.
    const pairs = comparePairs([
      pair('acme widget classic edition box', 'acme widget classic edition', false),
      pair('acme gizmo classic edition box', 'acme gizmo classic edition', false),
      pair('acme widget q1234x', 'widget by acme q1234x', true),
      pair('acme gizmo r5678y', 'gizmo r5678y', true),
    ]);
    const before = meanF1([pairs], MATCH_SCORING);
    const tuned = tuneScoring([pairs], MATCH_SCORING);
    expect(before).toBeLessThan(1);
    expect(meanF1([pairs], tuned)).toBe(1);
  });
});
