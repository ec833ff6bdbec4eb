import { compareHref } from './compare-link';

describe('links to the compare page', () => {
  it('names the products with literal commas, and asks for only the differences when told', () => {
    expect(compareHref('/en-ch/compare', ['a1', 'b_2', 'c-3'])).toBe('/en-ch/compare?products=a1,b_2,c-3');
    expect(compareHref('/de/compare', ['a1', 'b2'], true)).toBe('/de/compare?products=a1,b2&diff=1');
  });

  it('is the bare page without products', () => {
    expect(compareHref('/en-ch/compare', [], true)).toBe('/en-ch/compare');
  });
});
