import { codeFoundIn, codeRelation } from './model-codes';

describe('codeRelation', () => {
  it.each([
    ['q3675a', 'q3675a', 'same'],
    ['130980', 'lac130980', 'same'],
    ['pro901', 'lexmarkpro901', 'same'],
    ['skx007k', 'skx007k1', 'suffixed'],
    ['pn63a650', 'pn63a650t', 'suffixed'],
    ['dvpfx820w', 'dvpfx820l', 'sibling'],
    ['kxtsc14b', 'kxtsc14w', 'sibling'],
    // One colour spelled two ways.
    ['ysp4000bk', 'ysp4000bl', 'same'],
    ['nxu10sil', 'nxu10sl', 'same'],
    ['ysp4000bk', 'ysp4000blk', 'same'],
    ['gt430', 'gt4300', 'unrelated'],
    ['v7n3c5e10fblus', 'v7n3c5e03fblus', 'unrelated'],
    ['sp123dp2dvi', 'dp2dvi', 'unrelated'],
    ['m310', 'm3100', 'unrelated'],
  ])('%s / %s → %s', (a, b, relation) => {
    expect(codeRelation(a, b)).toBe(relation);
    expect(codeRelation(b, a)).toBe(relation);
  });
});

describe('codeFoundIn', () => {
  it('finds a code the other title writes with spaces or separators inside', () => {
    expect(codeFoundIn('davis50b', 'sonybraviadavis50bhometheatersystem')).toBe(true);
  });

  it('does not find a code inside a longer digit run, nor a short code at all', () => {
    expect(codeFoundIn('83015', 'nykodualcharger743840830153')).toBe(false);
    expect(codeFoundIn('m310', 'logitechm310')).toBe(false);
  });
});
