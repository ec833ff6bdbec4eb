import { wellFormed, wellFormedJson } from './well-formed-text.js';

describe('well-formed text', () => {
  it('replaces lone surrogates with U+FFFD and keeps pairs', () => {
    expect(wellFormed('a\ud800b\udc00c')).toBe('a\ufffdb\ufffdc');
    expect(wellFormed('\ud83d\ude00')).toBe('\ud83d\ude00');
    expect(wellFormed('\ude00\ud83d')).toBe('\ufffd\ufffd');
  });

  it('rewrites the escapes JSON.stringify gives lone surrogates, and nothing else', () => {
    const value = {
      lone: 'a\ud800b',
      high: '\udbff',
      pair: '\ud83d\ude00',
      text: 'back\\ud800slash',
      both: '\\\ud800',
      control: '\u0001',
    };
    const json = wellFormedJson(JSON.stringify(value));
    expect(JSON.parse(json)).toEqual({
      lone: 'a\ufffdb',
      high: '\ufffd',
      pair: '\ud83d\ude00',
      text: 'back\\ud800slash',
      both: '\\\ufffd',
      control: '\u0001',
    });
    expect(json).toBe(JSON.stringify(JSON.parse(json)));
    const plain = JSON.stringify({ a: 'no surrogate', b: 'é\u2028' });
    expect(wellFormedJson(plain)).toBe(plain);
  });
});
