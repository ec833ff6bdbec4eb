import { foldCase } from './fold.js';
import { normalizeGerman } from './german-normalize.js';

describe('foldCase', () => {
  it('lower-cases and strips diacritics in precomposed and decomposed input', () => {
    expect(foldCase('Kühlschränke')).toBe('kuhlschranke');
    expect(foldCase('Ku\u0308hlschra\u0308nke')).toBe('kuhlschranke');
    expect(foldCase('TÉLÉVISEUR Çà')).toBe('televiseur ca');
  });

  it('spells letters without a decomposition the way they are typed', () => {
    expect(foldCase('Straße Æble Øl Łódź œuvre')).toBe('strasse aeble ol lodz oeuvre');
  });

  it('unfolds ligatures and full-width characters', () => {
    expect(foldCase('ﬁlter ＡＢＣ１２')).toBe('filter abc12');
  });
});

describe('normalizeGerman', () => {
  it('reads transliterated umlauts as umlauts', () => {
    expect(normalizeGerman('kuehlschraenke')).toBe('kuhlschranke');
    expect(normalizeGerman('groesse')).toBe('grosse');
  });

  it('keeps "ue" after a vowel or a q', () => {
    expect(normalizeGerman('neue')).toBe('neue');
    expect(normalizeGerman('feuer')).toBe('feuer');
    expect(normalizeGerman('quelle')).toBe('quelle');
  });
});
