import { NUMERIC_FEATURES, numericFeatures, unmatchedTokens } from './match-features';
import { MATCH_MODEL, matchModel, type MatchModelWeights } from './match-model';
import { MATCH_MODEL_WEIGHTS } from './match-model-weights';
import { compareRecords } from './record-similarity';

const zeroNumeric = Object.fromEntries(NUMERIC_FEATURES.map((name) => [name, 0])) as MatchModelWeights['numeric'];

describe('match model', () => {
  const upgrade = compareRecords({ title: 'adobe premiere pro cs3 upgrade' }, { title: 'adobe premiere pro cs3' });

  it('reads one number per feature and the tokens only one title has', () => {
    expect(numericFeatures(upgrade)).toHaveLength(NUMERIC_FEATURES.length);
    expect(unmatchedTokens(upgrade)).toEqual(['upgrade']);
    const code = compareRecords(
      { title: 'sony dvp-fx820w portable dvd player' },
      { title: 'sony portable dvd player' },
    );
    // Codes are read by their kind, never their value: the next pair has another code.
    expect(unmatchedTokens(code)).toContain('#code');
    expect(unmatchedTokens(code).join(' ')).not.toMatch(/fx820w/);
  });

  it('adds the weight of each token one title lacks to the log-odds', () => {
    const plain = matchModel({ bias: 0, threshold: 0.5, numeric: zeroNumeric, sparse: [] });
    const wary = matchModel({ bias: 0, threshold: 0.5, numeric: zeroNumeric, sparse: [['upgrade', -2]] });
    expect(plain.probability(upgrade)).toBe(0.5);
    expect(wary.logOdds(upgrade)).toBe(-2);
    expect(wary.probability(upgrade)).toBeLessThan(wary.threshold);
  });

  it('keeps two colours of one model apart, though the benchmarks taught it that a shared code outweighs a colour', () => {
    const black = { title: 'Kopfhörer Sonivo QuietPro 210ZRE ANC (Schwarz)' };
    expect(
      MATCH_MODEL.probability(compareRecords(black, { title: 'Sonivo QuietPro 210ZRE ANC Blau | Kopfhörer' })),
    ).toBe(0);
    expect(
      MATCH_MODEL.probability(compareRecords(black, { title: 'SONIVO Kopfhörer QuietPro 210ZRE ANC Schwarz' })),
    ).toBeGreaterThanOrEqual(MATCH_MODEL.threshold);
  });

  it('refuses weights trained for other features', () => {
    const { ruleScore: _dropped, ...numeric } = MATCH_MODEL_WEIGHTS.numeric;
    expect(() => matchModel({ ...MATCH_MODEL_WEIGHTS, numeric: numeric as MatchModelWeights['numeric'] })).toThrow(
      /ruleScore/,
    );
  });

  it('the shipped model tells one product from its upgrade licence and from another version', () => {
    const same = compareRecords(
      { title: 'Adobe Photoshop CS3 for Mac', brand: 'Adobe' },
      { title: 'adobe photoshop cs3 mac' },
    );
    expect(MATCH_MODEL.probability(same)).toBeGreaterThanOrEqual(MATCH_MODEL.threshold);
    expect(MATCH_MODEL.probability(upgrade)).toBeLessThan(MATCH_MODEL.threshold);
    const version = compareRecords({ title: 'adobe dreamweaver cs3 mac' }, { title: 'adobe dreamweaver cs4 mac' });
    expect(MATCH_MODEL.probability(version)).toBeLessThan(MATCH_MODEL.threshold);
  });
});
