import { jsonEqual, sameJsonText } from './json-equal.js';

describe('jsonEqual', () => {
  it('ignores object key order at every depth but not array order', () => {
    expect(jsonEqual({ a: 1, b: { c: [1, { d: 2, e: 3 }] } }, { b: { c: [1, { e: 3, d: 2 }] }, a: 1 })).toBe(true);
    expect(jsonEqual({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
  });

  it('tells apart missing keys, nulls, types and lengths', () => {
    expect(jsonEqual({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(jsonEqual({ a: null }, { b: null })).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: '1' })).toBe(false);
    expect(jsonEqual([1], { 0: 1 })).toBe(false);
  });
});

describe('sameJsonText', () => {
  it('compares texts of reordered keys as equal and different values as different', () => {
    expect(sameJsonText('{"a":1,"b":"x"}', '{"b":"x","a":1}')).toBe(true);
    expect(sameJsonText('{"a":1,"b":"x"}', '{"a":1,"b":"y"}')).toBe(false);
    expect(sameJsonText('{"a":1}', '{"a":10}')).toBe(false);
  });
});
