import { foldRangeFields } from './spec-ranges';
import { typedNumber } from './typed-number';

describe('a number typed in the page’s number format (ADR 131)', () => {
  it('takes the page’s decimal mark: "1,5" on a German page, "1.5" on an English one', () => {
    expect(typedNumber('1,5', 'de-DE')).toBe('1.5');
    expect(typedNumber('1.5', 'en-GB')).toBe('1.5');
    for (const tag of ['fr-FR', 'it-IT', 'es-ES', 'pt-PT', 'fr-CH'])
      expect([tag, typedNumber('0,25', tag)]).toEqual([tag, '0.25']);
    // Swiss German and English pages in Switzerland write a decimal point.
    expect(typedNumber('1.5', 'de-CH')).toBe('1.5');
    expect(typedNumber(' -20 ', 'de-DE')).toBe('-20');
    expect(typedNumber('−3,5', 'fr-FR')).toBe('-3.5');
  });

  it('takes digit groups where the page writes them, and as a keyboard types its spaces and apostrophes', () => {
    expect(typedNumber('1.500', 'de-DE')).toBe('1500');
    expect(typedNumber('1,500.25', 'en-GB')).toBe('1500.25');
    expect(typedNumber('1’500', 'de-CH')).toBe('1500');
    expect(typedNumber("12'500.5", 'de-CH')).toBe('12500.5');
    expect(typedNumber('1 500', 'fr-FR')).toBe('1500');
    expect(typedNumber('1\u202f500,5', 'fr-FR')).toBe('1500.5');
    expect(typedNumber('1\u00a0000\u00a0000', 'pt-PT')).toBe('1000000');
    expect(typedNumber('1500', 'de-CH')).toBe('1500');
  });

  it('reads nothing the page would not write: another locale’s mark, a group out of place, words, exponents', () => {
    const cases: [string, string][] = [
      ['1.5', 'de-DE'], // a German page's groups are of three digits: no number there
      ['1,5', 'en-GB'],
      ['1,5', 'de-CH'],
      ['1.50.0', 'de-DE'],
      ['15,00,000', 'en-GB'],
      ['1’500', 'de-DE'],
      ['1e3', 'en-GB'],
      ['abc', 'fr-FR'],
      ['', 'de-DE'],
      ['1,', 'de-DE'],
      [',5', 'de-DE'],
    ];
    for (const [text, tag] of cases) expect([text, tag, typedNumber(text, tag)]).toEqual([text, tag, null]);
  });
});

describe('the filter form’s range fields folded in the page’s number format', () => {
  const fields = (min: string, max: string): [string, string][] => [
    ['refinements[brand]', 'bosch'],
    ['range[spec:jug][min]', min],
    ['range[spec:jug][max]', max],
  ];
  const folded = (min: string, max: string, tag: string) => [...foldRangeFields(fields(min, max), tag)];

  it('writes what was typed as the links’ refinement, in digits and "."', () => {
    expect(folded('1,5', '1.750', 'de-DE')).toEqual([
      ['refinements[brand]', 'bosch'],
      ['refinements[spec:jug]', '1.5..1750'],
    ]);
    expect(folded('1.5', '1,750', 'en-GB')).toContainEqual(['refinements[spec:jug]', '1.5..1750']);
    expect(folded('1.5', '1’750', 'de-CH')).toContainEqual(['refinements[spec:jug]', '1.5..1750']);
  });

  it('leaves a bound that is no number in the page’s format open, and the range out when none is left', () => {
    expect(folded('1.5', '2', 'de-DE')).toContainEqual(['refinements[spec:jug]', '..2']);
    expect(folded('1,5', 'x', 'en-GB')).toEqual([['refinements[brand]', 'bosch']]);
  });
});
