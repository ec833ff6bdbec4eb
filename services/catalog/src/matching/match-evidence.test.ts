import { decideMatch, type MatchableRecord } from './decide-match.js';
import { explainMatch } from './match-evidence.js';

const EAN = '4006381333931';
const OTHER_EAN = '4006381333924';

/** The evidence staff read before a merge says what matching decides, and why (ADR 060). */
describe('explainMatch', () => {
  const pairs: [string, MatchableRecord, MatchableRecord][] = [
    ['same GTIN', { title: 'Stabilo pen', gtins: [EAN] }, { title: 'Pen, blue', gtins: [EAN] }],
    ['different GTINs', { title: 'Stabilo pen', gtins: [EAN] }, { title: 'Stabilo pen', gtins: [OTHER_EAN] }],
    [
      'brand and part number',
      { title: 'Bosch drill', brand: 'Bosch', mpn: 'PSB1800' },
      { title: 'Cordless hammer drill', brand: 'Bosch', mpn: 'PSB-1800' },
    ],
    [
      'one title',
      { title: 'Sony WH-1000XM5 wireless headphones black', brand: 'Sony' },
      { title: 'Sony WH-1000XM5 Wireless Noise Cancelling Headphones, Black', brand: 'Sony' },
    ],
    [
      'two titles',
      { title: 'Sony WH-1000XM5 wireless headphones black', brand: 'Sony' },
      { title: 'JBL Charge 5 portable speaker blue', brand: 'JBL' },
    ],
  ];

  it.each(pairs)('agrees with decideMatch: %s', (_name, a, b) => {
    const decision = decideMatch(a, b);
    const evidence = explainMatch(a, b);
    expect(evidence.sameProduct).toBe(decision !== null);
    if (decision) expect(evidence).toMatchObject({ rule: decision.method, confidence: decision.confidence });
  });

  it('names the deciding rule and the shared GTINs', () => {
    expect(explainMatch(pairs[0]![1], pairs[0]![2])).toMatchObject({ rule: 'gtin', sharedGtins: [`0${EAN}`] });
    expect(explainMatch(pairs[1]![1], pairs[1]![2])).toMatchObject({ rule: 'different_gtins', sameProduct: false });
    expect(explainMatch(pairs[2]![1], pairs[2]![2]).rule).toBe('brand_mpn');
  });

  it('opens up the title stage: the features that moved the model most, strongest first', () => {
    const evidence = explainMatch(pairs[3]![1], pairs[3]![2]);
    expect(evidence.rule).toBe('title');
    expect(evidence.features.length).toBeGreaterThan(0);
    const sizes = evidence.features.map((feature) => Math.abs(feature.contribution));
    expect(sizes).toEqual([...sizes].sort((x, y) => y - x));
    expect(evidence.features.map((feature) => feature.name)).toContain('ruleScore');
    expect(explainMatch(pairs[4]![1], pairs[4]![2])).toMatchObject({ rule: 'title', sameProduct: false });
  });
});
