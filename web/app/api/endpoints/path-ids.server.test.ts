import { InvalidQueryError } from '../http/invalid-query.server';
import { entityIdOf, productIdOf, slugOf } from './path-ids.server';

describe('ids in API paths', () => {
  it('takes only the part after the last "-p" marker as the product id (spec §2.2)', () => {
    expect(productIdOf('sony-wh-1000xm5-pK7f2')).toBe('K7f2');
    expect(productIdOf('apple-iphone-15-pro-p9c1-pab12')).toBe('ab12');
    expect(productIdOf('K7f2')).toBe('K7f2');
  });

  it('rejects a segment whose id part is empty or has characters ids never have', () => {
    for (const segment of ['sony-p', '', 'a b', 'x'.repeat(129), '../etc']) {
      expect(() => productIdOf(segment)).toThrow(InvalidQueryError);
    }
    try {
      productIdOf('sony-p');
    } catch (error) {
      expect((error as InvalidQueryError).errors).toEqual([expect.objectContaining({ field: 'id', rule: 'regex' })]);
    }
  });

  it('checks brand slugs and entity ids', () => {
    expect(slugOf('bang-olufsen')).toBe('bang-olufsen');
    expect(() => slugOf('Bang Olufsen')).toThrow(InvalidQueryError);
    expect(() => slugOf('-apple')).toThrow(InvalidQueryError);
    expect(entityIdOf('shop_42')).toBe('shop_42');
    expect(() => entityIdOf('a/b')).toThrow(InvalidQueryError);
  });
});
