import { highlight } from './highlight.js';

describe('highlight', () => {
  it('wraps words matching the query by fold, stem or typed prefix, escaping the rest', () => {
    expect(highlight('Kühlschränke & Gefrierschränke', 'kuhlschrank', 'de')).toBe(
      '<em>Kühlschränke</em> &amp; Gefrierschränke',
    );
    expect(highlight('Coffee <Pro> machines', 'machine', 'en')).toBe('Coffee &lt;Pro&gt; <em>machines</em>');
    expect(highlight('Galaxy S24', 'gal', 'en')).toBe('<em>Galaxy</em> S24');
  });

  it('gives null when nothing matches', () => {
    expect(highlight('Galaxy S24', 'iphone', 'en')).toBeNull();
  });
});
