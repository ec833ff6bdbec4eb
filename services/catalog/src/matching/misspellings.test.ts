import { RULE_SCORE_THRESHOLD } from './title-scoring';
import { oneEditApart } from './misspellings';
import { titleSimilarity } from './title';

describe('oneEditApart', () => {
  it.each([
    ['heiress', 'heriress', true],
    ['backpack', 'backpac', true],
    ['sigma', 'ssigma', true],
    ['compatti', 'copmpatti', true],
    ['heiress', 'heroes', false],
    ['griddler', 'girddler', true],
    ['winchester', 'winchester', false],
    ['bristol', 'durham', false],
  ])('%s / %s → %s', (x, y, expected) => {
    expect(oneEditApart(x, y)).toBe(expected);
    expect(oneEditApart(y, x)).toBe(expected);
  });
});

describe('misspelled words in titles', () => {
  it('count as found, on both sides alike', () => {
    const right = 'Air Jordan VI Retro Premium Heiress';
    const wrong = 'Air Jordan VI Retro Premium Heriress';
    expect(titleSimilarity(right, wrong)).toBeGreaterThanOrEqual(RULE_SCORE_THRESHOLD);
    expect(titleSimilarity(right, wrong)).toBe(titleSimilarity(wrong, right));
    const inPageText = '"Air Jordan VI Retro Premium"@en "Shop: Air Jordan Heriress"@en';
    expect(titleSimilarity(`"${right}"@en`, inPageText)).toBe(titleSimilarity(inPageText, `"${right}"@en`));
  });

  it('does not join two short words one letter apart', () => {
    expect(titleSimilarity('Domestia table lamp bulb', 'Domestia table lamp bulk')).toBeLessThan(1);
    expect(titleSimilarity('Domestia table lamp bulb', 'Domestia table lamp bulk')).toBe(
      titleSimilarity('Domestia table lamp bulb', 'Domestia table lamp clip'),
    );
  });
});
