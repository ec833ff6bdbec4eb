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

  it('reads packaging, licence and publisher words as no model names: software titles in lower case (ADR 075)', () => {
    const term = compare(
      'computrace lojack for laptops 3 year license mac',
      'computrace lojack for laptops 3 yr subscription',
    );
    expect(term).toMatchObject({ modelWordsApart: 0, modelNamesInOneSlot: false });
    expect(compare('mcafee virusscan plus 3 user', 'mcafee inc mcafee virusscan plus box').modelWordsApart).toBe(0);
    expect(compare('nuendo 3 digital audio software', 'nuendo 3 music production software').modelWordsApart).toBe(0);
    expect(compare('spy sweeper family edition 3 pcs', 'spy sweeper family edition small box').modelWordsApart).toBe(0);
    // ... while a word that names a product of the line still does.
    expect(compare('sound forge audio studio 9', 'sound forge 9 digital audio production suite')).toMatchObject({
      modelWordsApart: 1,
      modelNamesInOneSlot: true,
    });
  });
});
