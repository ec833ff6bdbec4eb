import { CommonTitleKeys } from './common-title-keys.js';

describe('CommonTitleKeys', () => {
  it('remembers a key until its time is up', () => {
    let now = 1_000;
    const common = new CommonTitleKeys(() => now, 60_000, 10);
    expect(common.has('b:1\u0000false\u0000w:acme+black')).toBe(false);
    common.remember('b:1\u0000false\u0000w:acme+black');
    now += 59_999;
    expect(common.has('b:1\u0000false\u0000w:acme+black')).toBe(true);
    now += 1;
    expect(common.has('b:1\u0000false\u0000w:acme+black')).toBe(false);
  });

  it('forgets the oldest remembered keys past its bound, and a key remembered again counts as new', () => {
    const common = new CommonTitleKeys(() => 0, 60_000, 2);
    common.remember('a');
    common.remember('b');
    common.remember('a');
    common.remember('c');
    expect(['a', 'b', 'c'].filter((key) => common.has(key))).toEqual(['a', 'c']);
  });
});
