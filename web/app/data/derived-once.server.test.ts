import { derivedOnce } from './derived-once.server';

describe('derivedOnce', () => {
  it('makes a view of a part once per key, and again for another part or key', () => {
    const part = { price: 4599 };
    let made = 0;
    const make = () => ({ text: `CHF ${part.price / 100}`, n: (made += 1) });

    const first = derivedOnce(part, 'de-ch|de', make);
    expect(derivedOnce(part, 'de-ch|de', make)).toBe(first);
    expect(made).toBe(1);

    expect(derivedOnce(part, 'fr-ch|fr', make)).not.toBe(first);
    expect(derivedOnce({ ...part }, 'de-ch|de', make)).not.toBe(first);
    expect(made).toBe(3);
  });

  it('keeps a view that is null or empty as well', () => {
    const part = {};
    let made = 0;
    expect(derivedOnce(part, 'k', () => ((made += 1), ''))).toBe('');
    expect(derivedOnce(part, 'k', () => ((made += 1), 'again'))).toBe('');
    expect(made).toBe(1);
  });
});
