import { parseSpecNumber, specScale, unitKey } from './spec-numbers.js';

describe('specification values read as numbers', () => {
  it('reads a number and the unit written after it, with or without a space', () => {
    expect(parseSpecNumber('1000 W')).toEqual({ number: 1000, unit: 'W' });
    expect(parseSpecNumber('1.7 l')).toEqual({ number: 1.7, unit: 'l' });
    expect(parseSpecNumber('1.7l')).toEqual({ number: 1.7, unit: 'l' });
    expect(parseSpecNumber('8 mm')).toEqual({ number: 8, unit: 'mm' });
    expect(parseSpecNumber('2 years')).toEqual({ number: 2, unit: 'years' });
    expect(parseSpecNumber('-20 °C')).toEqual({ number: -20, unit: '°C' });
    expect(parseSpecNumber('−5 dB')).toEqual({ number: -5, unit: 'dB' });
    expect(parseSpecNumber('50 %')).toEqual({ number: 50, unit: '%' });
    expect(parseSpecNumber('27"')).toEqual({ number: 27, unit: '"' });
    expect(parseSpecNumber('12 m²')).toEqual({ number: 12, unit: 'm²' });
    expect(parseSpecNumber('120 kWh/year')).toEqual({ number: 120, unit: 'kWh/year' });
    expect(parseSpecNumber('1500')).toEqual({ number: 1500, unit: '' });
  });

  it('reads thousands separators and decimal commas only where the writing has one reading', () => {
    expect(parseSpecNumber('1,200 W')?.number).toBe(1200);
    expect(parseSpecNumber('12,500,000 Pa')?.number).toBe(12_500_000);
    expect(parseSpecNumber('1,234.5 g')?.number).toBe(1234.5);
    expect(parseSpecNumber('1.234,5 g')?.number).toBe(1234.5);
    expect(parseSpecNumber('1.234.567')?.number).toBe(1_234_567);
    expect(parseSpecNumber("1'200 W")?.number).toBe(1200);
    expect(parseSpecNumber('10\u00a0000 mAh')).toEqual({ number: 10_000, unit: 'mAh' });
    expect(parseSpecNumber('1\u202f234,5 g')?.number).toBe(1234.5);
    // A lone comma before other than three digits, or after a zero, is the decimal mark.
    expect(parseSpecNumber('1,7 l')?.number).toBe(1.7);
    expect(parseSpecNumber('0,500 kg')?.number).toBe(0.5);
    expect(parseSpecNumber('2,25 kg')?.number).toBe(2.25);
    // A lone point is the decimal mark, whatever follows.
    expect(parseSpecNumber('1.200 kg')?.number).toBe(1.2);
  });

  it('reads no number where the writing is not one number and a unit', () => {
    for (const value of [
      'Black',
      'approx. 2 kg',
      '1/2 in',
      '1920 x 1080',
      '1920x1080',
      '4+',
      '2 4',
      '1 200 W',
      '12,34,5 W',
      '1,2345.6',
      '1234,567 W',
      "12'34",
      '1.5.2',
      '.5 l',
      '5. l',
      '100 - 240 V',
      'USB 3.0',
      '2 x 3 W',
      '8 h (approx.)',
      '5 very long unit words',
    ])
      expect([value, parseSpecNumber(value)]).toEqual([value, null]);
  });

  it('takes a word unit and its plural "s" as one unit, symbols as written', () => {
    expect(unitKey('years')).toBe(unitKey('year'));
    expect(unitKey('hours')).toBe('hour');
    expect(unitKey('lbs')).toBe('lbs');
    expect(unitKey('W')).not.toBe(unitKey('w'));
  });
});

describe('the scale of a specification', () => {
  it('is numeric when every value is a number in one unit, the unit as the values write it', () => {
    const scale = specScale(['500 W', '1,200 W', '1000W']);
    expect(scale).toEqual({
      unit: 'W',
      numbers: new Map([
        ['500 W', 500],
        ['1,200 W', 1200],
        ['1000W', 1000],
      ]),
      complete: true,
    });
    expect(specScale(['1 year', '2 years', '3 years'])).toMatchObject({ unit: 'years', complete: true });
    expect(specScale(['2', '4'])).toMatchObject({ unit: '', complete: true });
  });

  it('is incomplete when some values are no numbers, and none with two units', () => {
    expect(specScale(['500 W', 'n/a'])).toMatchObject({
      unit: 'W',
      complete: false,
      numbers: new Map([['500 W', 500]]),
    });
    expect(specScale(['500 W', '1.5 kW'])).toBeNull();
    expect(specScale(['2', '2 W'])).toBeNull();
    expect(specScale(['Black', 'White'])).toBeNull();
    expect(specScale([])).toBeNull();
  });
});
