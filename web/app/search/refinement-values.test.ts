import { escapeRefinementValue, isSpecFacet, joinRefinementValues, splitRefinementValues } from './refinement-values';

describe('refinement values in a URL', () => {
  it('split a comma list, trimmed, empty items left out', () => {
    expect(splitRefinementValues('1.2 kg, 1.5 kg,,')).toEqual(['1.2 kg', '1.5 kg']);
    expect(splitRefinementValues('')).toEqual([]);
  });

  it('keep an escaped comma (and backslash) inside a value, and round-trip through join', () => {
    const values = ['Black, red', 'USB-C\\Thunderbolt', '8 mm'];
    const joined = joinRefinementValues(values);
    expect(joined).toBe('Black\\, red,USB-C\\\\Thunderbolt,8 mm');
    expect(splitRefinementValues(joined)).toEqual(values);
    expect(escapeRefinementValue('1.2 kg')).toBe('1.2 kg');
  });

  it('name specifications spec:<key>, the key as search folds a name', () => {
    expect(['spec:weight', 'spec:battery-life', 'spec:2-in-1', `spec:${'a'.repeat(64)}`].map(isSpecFacet)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(
      ['spec:', 'spec:Weight', 'spec:-weight', 'spec:weight-', 'spec:battery_life', `spec:${'a'.repeat(65)}`].map(
        isSpecFacet,
      ),
    ).toEqual([false, false, false, false, false, false]);
  });
});
