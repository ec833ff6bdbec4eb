import { isRangeForm, parseSpecRange, valuesInRange } from './spec-ranges.js';

describe('range refinements of a specification', () => {
  it('reads min..max with either bound open, "." as the decimal mark', () => {
    expect(parseSpecRange('800..1200')).toEqual({ range: { min: 800, max: 1200 } });
    expect(parseSpecRange('800..')).toEqual({ range: { min: 800 } });
    expect(parseSpecRange('..1200')).toEqual({ range: { max: 1200 } });
    expect(parseSpecRange(' 1.5 .. 2 ')).toEqual({ range: { min: 1.5, max: 2 } });
    expect(parseSpecRange('-20..-5')).toEqual({ range: { min: -20, max: -5 } });
    expect(parseSpecRange('5..5')).toEqual({ range: { min: 5, max: 5 } });
  });

  it('refuses malformed bounds, no bound, min over max and what is no finite number', () => {
    const rule = (value: string) => {
      const parsed = parseSpecRange(value);
      return 'problem' in parsed ? parsed.problem.rule : 'valid';
    };
    for (const value of ['..', '1..2..3', 'abc..5', '1,5..2', '800 W..', '1e3..', 'Infinity..', '..NaN', '.5..1'])
      expect([value, rule(value)]).toEqual([value, 'regex']);
    expect(rule('1200..800')).toBe('lte');
    expect(rule(`${'9'.repeat(400)}..`)).toBe('regex');
  });

  it('knows a range by "..", an ellipsis is a value as written', () => {
    expect(isRangeForm('800..1200')).toBe(true);
    expect(isRangeForm('..')).toBe(true);
    expect(isRangeForm('Wait...')).toBe(false);
    expect(isRangeForm('1.5 kg')).toBe(false);
  });

  it('selects the values whose number lies within the bounds, both inclusive', () => {
    const numbers = new Map([
      ['500 W', 500],
      ['800 W', 800],
      ['1,000 W', 1000],
      ['1200 W', 1200],
      ['1500 W', 1500],
    ]);
    expect(valuesInRange(numbers, { min: 800, max: 1200 })).toEqual(['800 W', '1,000 W', '1200 W']);
    expect(valuesInRange(numbers, { min: 1200 })).toEqual(['1200 W', '1500 W']);
    expect(valuesInRange(numbers, { max: 500 })).toEqual(['500 W']);
    expect(valuesInRange(numbers, { min: 1600 })).toEqual([]);
    expect(valuesInRange(undefined, { min: 1 })).toEqual([]);
  });
});
