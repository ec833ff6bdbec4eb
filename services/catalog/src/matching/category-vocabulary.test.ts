import { CATEGORY_VOCABULARY_DEFAULTS, CategoryVocabularyCounter } from './category-vocabulary.js';
import { tokenizeTitle } from './title-tokens.js';

const BOARD_GAMES = 1246;
const LINES = ['Expedition 2X12', 'Harbour 4X20', 'Kingdoms 3X10', 'Lights 5X14', 'Meadow 6X11', 'Nomads 7X16'];

/** A board game named by a German, a French and an Italian shop, each in its own words. */
const boardGame = (line: string) => ({
  de: `Brettspiel Spielwerk ${line}`,
  fr: `Jeu de société ${line} de Spielwerk`,
  it: `Spielwerk ${line} | Gioco da tavolo`,
});
/** A product's names by language, as the token statistics' pass hands them over. */
const named = (names: Record<string, string>) =>
  Object.entries(names).map(([language, name]) => [language, tokenizeTitle(name)] as const);

describe('CategoryVocabularyCounter (the words a category is named with in one language and not another)', () => {
  it("learns each language's type words from products named in several languages, not the model lines' or the brand's", () => {
    const counter = new CategoryVocabularyCounter();
    for (const line of LINES) counter.add(BOARD_GAMES, named(boardGame(line)));
    expect(counter.vocabulary().get(BOARD_GAMES)).toEqual([
      'brettspiel',
      'da',
      'de',
      'gioco',
      'jeu',
      'societe',
      'tavolo',
    ]);
  });

  it('does not take a line that only German shops sell for German: its products have no other name to lack it', () => {
    const counter = new CategoryVocabularyCounter();
    for (const line of LINES) counter.add(BOARD_GAMES, named(boardGame(line)));
    // Kingdoms games sold in Germany only: the word is in most German names, in no French one.
    for (let edition = 1; edition <= 12; edition += 1)
      counter.add(BOARD_GAMES, named({ de: `Brettspiel Spielwerk Kingdoms Edition ${edition}` }));
    const words = counter.vocabulary().get(BOARD_GAMES) ?? [];
    expect(words).toContain('brettspiel');
    expect(words).not.toContain('kingdoms');
    expect(words).not.toContain('edition');
  });

  it('learns nothing from too few products, from one language, or without a category', () => {
    const few = new CategoryVocabularyCounter();
    for (const line of LINES.slice(0, CATEGORY_VOCABULARY_DEFAULTS.minProducts - 1))
      few.add(BOARD_GAMES, named(boardGame(line)));
    expect(few.vocabulary().size).toBe(0);

    const german = new CategoryVocabularyCounter();
    for (const line of LINES) german.add(BOARD_GAMES, named({ de: boardGame(line).de }));
    expect(german.vocabulary().size).toBe(0);

    const uncategorised = new CategoryVocabularyCounter();
    for (const line of LINES) uncategorised.add(0, named(boardGame(line)));
    expect(uncategorised.vocabulary().size).toBe(0);
  });

  it('keeps a word that most products keep in every language, even if some shops drop it', () => {
    const counter = new CategoryVocabularyCounter();
    // "Deluxe" is the edition: in every name of five products, missing from the French name of one.
    for (const line of LINES.slice(0, 5))
      counter.add(BOARD_GAMES, named({ de: `Brettspiel ${line} Deluxe`, fr: `Jeu de société ${line} Deluxe` }));
    counter.add(BOARD_GAMES, named({ de: `Brettspiel ${LINES[5]} Deluxe`, fr: `Jeu de société ${LINES[5]}` }));
    expect(counter.vocabulary().get(BOARD_GAMES)).not.toContain('deluxe');
    expect(counter.vocabulary().get(BOARD_GAMES)).toContain('brettspiel');
  });
});
