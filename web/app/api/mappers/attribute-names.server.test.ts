import { attributeName } from './attribute-names.server';

describe('attribute names of specification tables', () => {
  it('are written in the interface language, and unknown ones as given', () => {
    expect(['de', 'fr', 'it', 'es', 'pt', 'en'].map((language) => attributeName('Drop', language))).toEqual([
      'Sprengung',
      'Drop',
      'Drop',
      'Drop',
      'Drop',
      'Drop',
    ]);
    expect(['de', 'fr', 'it', 'es', 'pt'].map((language) => attributeName('Weight', language))).toEqual([
      'Gewicht',
      'Poids',
      'Peso',
      'Peso',
      'Peso',
    ]);
    expect(attributeName('Wet & dry', 'fr')).toBe('Sec et humide');
    expect(attributeName('Heel counter', 'de')).toBe('Heel counter');
  });
});
