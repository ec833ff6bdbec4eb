import { correctedQuery } from './did-you-mean.js';

describe('correctedQuery', () => {
  const found = ['Kaffeemaschine Barista Pro', "De'Longhi", 'Kaffeemaschine Classic'];

  it('replaces the words the found documents do not hold with their nearest word', () => {
    expect(correctedQuery('kafeemaschine barista', 'de', found)).toBe('kaffeemaschine barista');
    expect(correctedQuery('Barsita', 'en', found)).toBe('barista');
  });

  it('keeps words found as typed or by their stem, and gives nothing without a correction', () => {
    expect(correctedQuery('Kaffeemaschinen', 'de', found)).toBeNull();
    expect(correctedQuery('toaster', 'en', found)).toBeNull();
    // Short words allow no typo (the port's rule: 1 edit from 4 letters).
    expect(correctedQuery('pri', 'en', found)).toBeNull();
  });
});
