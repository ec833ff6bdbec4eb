import { recordSimilarity } from './record-similarity';
import { DEFAULT_TOKEN_WEIGHTS, learnTokenWeights } from './token-weights';
import { tokenizeTitle } from './title-tokens';

const token = (text: string) => tokenizeTitle(text)[0]!;

describe('DEFAULT_TOKEN_WEIGHTS', () => {
  it('weighs codes over words, and filler or generic words little', () => {
    const weigh = (text: string): number => DEFAULT_TOKEN_WEIGHTS.weightOf(token(text));
    expect(weigh('q3675a')).toBeGreaterThan(weigh('transfer'));
    expect(weigh('for')).toBe(0);
    expect(weigh('software')).toBeLessThan(weigh('photoshop'));
  });

  it('gives no weight to the words of a shop page around the product name', () => {
    const weigh = (text: string): number => DEFAULT_TOKEN_WEIGHTS.weightOf(token(text));
    expect(['com', 'null', 'prijzen', 'comprar', 'buy', 'nur'].map(weigh)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(weigh('page')).toBe(1); // "8000 page-yield" is a property of the product
  });

  it('gives no weight to a shop\'s promises in a feed title, and little to "new" in any language', () => {
    const weigh = (text: string): number => DEFAULT_TOKEN_WEIGHTS.weightOf(token(text));
    expect(['garantie', 'garanzia', 'angebot', 'livraison', 'gratis', 'von'].map(weigh)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(['neu', 'nuevo', 'novo', 'modelo'].map(weigh).every((weight) => weight > 0 && weight < 1)).toBe(true);
    // Two shops' noise is no word of either model's own.
    expect(
      recordSimilarity(
        { title: 'Nordtek ProBook 15IN2 X 16 GB / 512 GB mit Garantie' },
        { title: 'Nordtek ProBook 15IN2 X 16 GB / 512 GB NUEVO' },
      ),
    ).toBeGreaterThan(0.95);
  });

  it('gives no weight to the numbers of a system-requirements note, but some to its operating system', () => {
    const weights = tokenizeTitle('redshift 5 ( win 98 me 2000 xp )').map((item) => [
      item.text,
      DEFAULT_TOKEN_WEIGHTS.weightOf(item),
    ]);
    expect(weights).toEqual([
      ['redshift', 1],
      ['5', 1],
      ['windows', 0.3],
      ['98', 0],
      ['me', 0],
      ['2000', 0],
      ['xp', 0],
    ]);
  });
});

describe('learnTokenWeights', () => {
  it('weighs a word found in every title less than a rare one, and an unseen one most', () => {
    const weights = learnTokenWeights(['acme widget', 'acme gadget', 'acme gizmo', 'acme sprocket']);
    const acme = weights.weightOf(token('acme'));
    const widget = weights.weightOf(token('widget'));
    const unseen = weights.weightOf(token('flux'));
    expect(acme).toBeLessThan(widget);
    expect(widget).toBeLessThan(unseen);
    expect(acme).toBeGreaterThan(0);
  });
});
