import { twoStepTexts, type TwoStepTexts } from './two-step-texts.js';

const rendered = (texts: TwoStepTexts): Record<string, string> =>
  Object.fromEntries(
    Object.entries(texts).map(([key, value]) => [
      key,
      typeof value === 'function' ? (value as (n: number) => string)(7) : value,
    ]),
  );

describe('the two-step sign-in mails in every interface language', () => {
  const english = rendered(twoStepTexts('en'));

  it.each(['de', 'fr', 'it', 'es', 'pt'])(
    'has its own words for every text in %s, the count of codes left in it',
    (language) => {
      const texts = rendered(twoStepTexts(language));
      expect(Object.keys(texts)).toEqual(Object.keys(english));
      expect(Object.keys(english).filter((key) => texts[key] === english[key])).toEqual([]);
      expect(texts.recoveryUsedBody).toContain('7');
    },
  );

  it('writes a language it does not have in English', () => {
    expect(twoStepTexts('nl')).toBe(twoStepTexts('en'));
  });
});
