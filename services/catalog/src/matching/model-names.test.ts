import { compareTitleProfiles } from './title';
import { profileTitle } from './title-profile';

const compare = (a: string, b: string, brand = '') =>
  compareTitleProfiles(profileTitle(a, [], '', brand), profileTitle(b, [], '', brand));

describe('model names of their own (ADR 071)', () => {
  it('counts the model-name words each title lacks, and sees them stand in one slot', () => {
    const mixers = compare(
      'Aster Artisan Quartz Kitchen Stand Mixer Stainless Steel',
      'Gorse Grand Amber Kitchen Stand Mixer Stainless Steel',
      'Domestia',
    );
    expect(mixers).toMatchObject({ modelWordsApart: 3, modelNamesInOneSlot: true });
    const watches = compare('Classic Lady Winchester Watch Rose Gold', 'Classic Lady Canterbury Watch Rose Gold');
    expect(watches).toMatchObject({ modelWordsApart: 1, modelNamesInOneSlot: true });
  });

  it('needs words of its own on both sides: a shop that says more names no second model', () => {
    expect(compare('adobe photoshop cs3 extended for mac', 'adobe photoshop cs3 mac')).toMatchObject({
      modelWordsApart: 0,
      modelNamesInOneSlot: false,
    });
  });

  it('reads codes and numbers with units as model names, not filler, variant or edition words', () => {
    expect(compare('sony dvp-fx820 portable dvd player', 'sony dvp-fx930 portable dvd player')).toMatchObject({
      modelWordsApart: 1,
    });
    expect(compare('sandisk ultra 16gb sdhc card', 'sandisk ultra 32gb sdhc card').modelWordsApart).toBe(1);
    expect(compare('logitech m310 wireless mouse black', 'logitech m310 wireless mouse red').modelWordsApart).toBe(0);
    expect(compare('nero 8 ultra edition', 'nero 8 premium pack').modelWordsApart).toBe(0);
  });

  it('in a title that mixes case, takes only capitalised words for names', () => {
    const capitals = compare('Seiko Presage Cocktail watch steel', 'Seiko Presage Sharp watch leather');
    expect(capitals).toMatchObject({ modelWordsApart: 1, modelNamesInOneSlot: true });
  });

  it('finds the words the other title writes otherwise (split, misspelt, shortened)', () => {
    expect(compare('transcend 32gb compactflash card', 'transcend 32gb compact flash card').modelWordsApart).toBe(0);
  });
});
