import { abbreviates } from './abbreviations';
import { titleSimilarity } from './title';

describe('abbreviations', () => {
  it('reads a word as short for another when its letters stand in it in order, from the first', () => {
    expect(abbreviates('prof', 'professional')).toBe(true);
    expect(abbreviates('dlux', 'deluxe')).toBe(true);
    expect(abbreviates('immers', 'immersion')).toBe(true);
    // Two letters are too often something else; the first letter must agree; two letters left out at least.
    expect(abbreviates('ms', 'microsoft')).toBe(false);
    expect(abbreviates('rof', 'professional')).toBe(false);
    expect(abbreviates('deluxe', 'deluxes')).toBe(false);
    expect(abbreviates('plx', 'professional')).toBe(false);
  });

  it('lets a title that shortens a word find it in the other title', () => {
    expect(titleSimilarity('instant immers spanish', 'instant immersion spanish')).toBe(1);
    expect(titleSimilarity('encarta encyclop 2008', 'encarta encyclopedia 2008')).toBe(1);
    expect(titleSimilarity('encarta ecnyclop 2008', 'encarta encyclopedia 2008')).toBeLessThan(1);
    // An edition word is compared as an edition, never as a shortened word.
    expect(titleSimilarity('instant immersion spanish dlux', 'instant immersion spanish deluxe')).toBeLessThan(1);
  });
});
