import { compareSpecValues, specFields, specKey } from './product-specs.js';

describe('specification terms of a product', () => {
  it('keys fold case, accents and punctuation, so two writings of a name are one facet', () => {
    expect(specKey('Battery life')).toBe('battery-life');
    expect(specKey(' battery-LIFE ')).toBe('battery-life');
    expect(specKey('Größe (cm)')).toBe('grosse-cm');
    expect(specKey('Écran')).toBe('ecran');
    expect(specKey('—')).toBe('');
  });

  it('indexes each name once (its first writing labels it) and each value once, prose left out', () => {
    const fields = specFields([
      { name: 'Weight', value: ' 1.2   kg ' },
      { name: 'weight', value: '1.2 kg' },
      { name: 'Colour', value: 'Black' },
      { name: 'Description', value: 'x'.repeat(101) },
      { name: 'Empty', value: ' ' },
    ]);
    expect(fields.names).toEqual(['weight:Weight', 'colour:Colour']);
    expect(fields.values).toEqual(['weight:1.2 kg', 'colour:Black']);
  });

  it('orders values that start with a number by its size, then the others by text', () => {
    const values = ['1000 W', 'Black', '500 W', '1.25 kg', '1.5 kg', '10 kg', 'white', '2,5 l'];
    expect([...values].sort(compareSpecValues)).toEqual([
      '1.25 kg',
      '1.5 kg',
      '2,5 l',
      '10 kg',
      '500 W',
      '1000 W',
      'Black',
      'white',
    ]);
  });
});
