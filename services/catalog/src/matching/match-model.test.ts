import { NUMERIC_FEATURES, numericFeatures, sparseFeatures, sparseWeightSum, unmatchedTokens } from './match-features';
import { distinctModelMerges } from './evaluation/distinct-models';
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

  it('reads a differing token beside the code evidence and beside the kind of titles', () => {
    expect(sparseFeatures(upgrade)).toEqual(
      expect.arrayContaining(['upgrade', 'upgrade|codes:none', 'upgrade|titles:feed']),
    );
    const web = compareRecords(
      { title: '"Nike Air Max 90 Essential"@en Nike Air Max 90 Essential | Sneakers' },
      { title: '"Nike Air Max 90"@en' },
    );
    expect(sparseFeatures(web)).toContain('essential|titles:web');
  });

  it('weighs a crossed token only where its context holds: "bundle" beside a shared code is not "bundle" beside none', () => {
    const model = matchModel({ bias: 0, threshold: 0.5, numeric: zeroNumeric, sparse: [['bundle|codes:same', 3]] });
    const sharedCode = compareRecords(
      { title: 'logitech m310 wireless mouse bundle' },
      { title: 'logitech m310 wireless mouse' },
    );
    const noCode = compareRecords({ title: 'logitech wireless mouse bundle' }, { title: 'logitech wireless mouse' });
    expect(sharedCode.title.codes).toBe('same');
    expect(model.logOdds(sharedCode)).toBe(3);
    expect(model.logOdds(noCode)).toBe(0);
  });

  it('decides with the weights of exactly the keys that training gave them', () => {
    const byKey = new Map(MATCH_MODEL_WEIGHTS.sparse);
    const deciding = sparseWeightSum(MATCH_MODEL_WEIGHTS.sparse);
    const comparisons = [
      upgrade,
      compareRecords({ title: 'logitech m310 wireless mouse red' }, { title: 'Logitech M310 Wireless Mouse bundle' }),
      compareRecords({ title: '"Seiko Kinetic SKA531P1"@de Uhr' }, { title: 'Seiko Herren Kinetic Uhr' }),
    ];
    for (const comparison of comparisons) {
      const keyed = sparseFeatures(comparison).reduce((sum, key) => sum + (byKey.get(key) ?? 0), 0);
      expect(keyed).not.toBe(0);
      expect(deciding(comparison)).toBeCloseTo(keyed, 10);
    }
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

  it('keeps distinct models of one brand apart, whose titles differ only in their model names', () => {
    expect(distinctModelMerges(MATCH_MODEL)).toMatchObject({ merged: 0 });
    // ... while one model named twice stays one product.
    const mixer = { title: 'Aster Artisan Quartz Kitchen Stand Mixer Stainless Steel', brand: 'Domestia' };
    expect(
      MATCH_MODEL.probability(compareRecords(mixer, { title: 'Aster Artisan Quartz Stand Mixer', brand: 'Domestia' })),
    ).toBeGreaterThanOrEqual(MATCH_MODEL.threshold);
  });

  it('takes titles with model names of their own in one slot for two products, whatever the weights say', () => {
    const eager = matchModel({ bias: 10, threshold: 0.5, numeric: zeroNumeric, sparse: [] });
    const watches = compareRecords(
      { title: 'Classic Lady Winchester Watch Rose Gold' },
      { title: 'Classic Lady Canterbury Watch Rose Gold' },
    );
    expect(eager.probability(watches)).toBe(0);
    // A shared maker's code says the words are two shops' names for one model.
    const sharedCode = compareRecords(
      { title: 'Classic Lady Winchester DW00100245 Watch Rose Gold' },
      { title: 'Classic Lady Canterbury DW00100245 Watch Rose Gold' },
    );
    expect(eager.probability(sharedCode)).toBeGreaterThan(0.5);
    // A shop that says more names no second model.
    expect(eager.probability(upgrade)).toBeGreaterThan(0.5);
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
