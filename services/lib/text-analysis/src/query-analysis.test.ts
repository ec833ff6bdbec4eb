import { analyzeQuery } from './query-analysis.js';

describe('analyzeQuery', () => {
  it('drops stop words when other words remain', () => {
    expect(analyzeQuery('Hülle für iPhone', 'de').terms.map((t) => t.surface)).toEqual(['hulle', 'iphone']);
    expect(analyzeQuery('The The', 'en').terms.map((t) => t.surface)).toEqual(['the', 'the']);
  });

  it('gives the typed, normalised and stemmed form of each term', () => {
    expect(analyzeQuery('Kuehlschraenke', 'de').terms).toEqual([
      { surface: 'kuehlschraenke', normalized: 'kuhlschranke', stem: 'kuhlschrank' },
    ]);
  });

  it('marks the last term as partial only while the user is inside it', () => {
    expect(analyzeQuery('samsung gal', 'en').lastIsPartial).toBe(true);
    expect(analyzeQuery('samsung galaxy ', 'en').lastIsPartial).toBe(false);
    expect(analyzeQuery('case for', 'en').lastIsPartial).toBe(false);
    expect(analyzeQuery('', 'en')).toEqual({ terms: [], lastIsPartial: false });
  });
});
