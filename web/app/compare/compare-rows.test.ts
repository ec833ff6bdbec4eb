import { attributeRows, MISSING, overviewDiffers, shownRows } from './compare-rows';

const headphones = [
  ['EAN', '4548736132610'],
  ['Noise cancelling', 'Active'],
  ['Battery life', '30 h'],
  ['Bluetooth', '5.3'],
] as const;
const earbuds = [
  ['EAN', '4548736154889'],
  ['Noise cancelling', 'active '],
  ['Bluetooth', '5.3'],
  ['Water resistance', 'IPX4'],
] as const;

describe('the rows of a comparison', () => {
  it('has one row per attribute any product has, with a dash where a product has none', () => {
    const rows = attributeRows([headphones, earbuds]);
    expect(rows.map((row) => [row.name, ...row.values])).toEqual([
      ['EAN', '4548736132610', '4548736154889'],
      ['Noise cancelling', 'Active', 'active '],
      ['Battery life', '30 h', MISSING],
      ['Bluetooth', '5.3', '5.3'],
      ['Water resistance', MISSING, 'IPX4'],
    ]);
    expect(MISSING).toBe('—');
  });

  it('marks the rows whose values differ: a missing value differs, spacing and case do not', () => {
    const rows = attributeRows([headphones, earbuds]);
    expect(Object.fromEntries(rows.map((row) => [row.name, row.differs]))).toEqual({
      EAN: true,
      'Noise cancelling': false,
      'Battery life': true,
      Bluetooth: false,
      'Water resistance': true,
    });
  });

  it('shows only the rows that differ when asked, all of them otherwise', () => {
    const rows = attributeRows([headphones, earbuds]);
    expect(shownRows(rows, true).map((row) => row.name)).toEqual(['EAN', 'Battery life', 'Water resistance']);
    expect(shownRows(rows, false)).toEqual(rows);
  });

  it('keeps each product’s order: an attribute only a later product has follows its neighbour there', () => {
    const first = [
      ['Part number', 'A-1'],
      ['Weight', '250 g'],
    ] as const;
    const second = [
      ['EAN', '4006381333931'],
      ['Part number', 'B-2'],
      ['Colour', 'Black'],
      ['Weight', '240 g'],
    ] as const;
    expect(attributeRows([first, second]).map((row) => row.name)).toEqual(['EAN', 'Part number', 'Colour', 'Weight']);
  });

  it('keeps an attribute a product lists twice as two rows', () => {
    const rows = attributeRows([
      [
        ['Size', 'M'],
        ['Size', '42'],
      ],
      [['Size', 'L']],
    ]);
    expect(rows.map((row) => [row.name, ...row.values])).toEqual([
      ['Size', 'M', 'L'],
      ['Size', '42', MISSING],
    ]);
  });

  it('compares brand, rating and lowest price with its offers', () => {
    const sony = {
      brand: { name: 'Sony' },
      rating: { value: 4.5, count: 2 },
      price: { amount: 27900, currency: 'CHF', offers: 2 },
    };
    expect(overviewDiffers([sony, { ...sony }])).toEqual({ brand: false, rating: false, price: false });
    expect(overviewDiffers([sony, { ...sony, price: { ...sony.price, offers: 3 } }]).price).toBe(true);
    expect(overviewDiffers([sony, { brand: null, rating: null, price: null }])).toEqual({
      brand: true,
      rating: true,
      price: true,
    });
  });
});
