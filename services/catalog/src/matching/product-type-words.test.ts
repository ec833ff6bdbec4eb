import { RULE_SCORE_THRESHOLD } from './title-scoring';
import { isProductTypeWord, productTypeWords } from './product-type-words';
import { recordSimilarity } from './record-similarity';

const dolls = productTypeWords('g1257', ['Dolls', 'Puppen', 'Poupées', 'Bambole', 'Muñecas', 'Bonecas']);
const boardGames = productTypeWords('g1246', [
  'Board Games',
  'Brettspiele',
  'Jeux de plateau',
  'Giochi in scatola',
  'Juegos de mesa',
  'Jogos de tabuleiro',
]);

describe('product-type words', () => {
  it("are the words of a category's names, as titles read them (accents folded)", () => {
    expect([...dolls.words].sort()).toEqual(['bambole', 'bonecas', 'dolls', 'munecas', 'poupees', 'puppen']);
  });

  it("take a noun's other number or gender, but no other word", () => {
    expect(
      ['puppe', 'poupee', 'muneca', 'doll', 'bambola', 'boneca'].filter((word) => isProductTypeWord(word, dolls)),
    ).toHaveLength(6);
    expect(
      ['brettspiel', 'jeu', 'gioco', 'juego', 'jogo', 'game'].filter((word) => isProductTypeWord(word, boardGames)),
    ).toHaveLength(6);
    expect(
      ['sofia', 'pupil', 'bamboo', 'deluxe', 'do', 'je'].filter(
        (word) => isProductTypeWord(word, dolls) || isProductTypeWord(word, boardGames),
      ),
    ).toEqual([]);
  });

  it("let two shops name one product's type in their languages, and still tell two models apart", () => {
    const german = { title: 'Puppe Spielwerk Sofia 9PPM Deluxe', brand: 'Spielwerk' };
    const french = { title: 'Spielwerk Sofia 9PPM Deluxe | Poupée', brand: 'Spielwerk' };
    expect(recordSimilarity(german, french)).toBeLessThan(RULE_SCORE_THRESHOLD);
    expect(recordSimilarity(german, french, undefined, dolls)).toBeGreaterThanOrEqual(RULE_SCORE_THRESHOLD);
    expect(
      recordSimilarity(german, { ...french, title: 'Spielwerk Emma 9PPM Deluxe | Poupée' }, undefined, dolls),
    ).toBeLessThan(RULE_SCORE_THRESHOLD);
  });
});
