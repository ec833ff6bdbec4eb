import { mailTexts, type MailTexts } from './mail-texts.js';

/** Every text of a language, functions called with sample values, by key. */
const rendered = (texts: MailTexts): Record<string, string> =>
  Object.fromEntries(
    Object.entries(texts).map(([key, value]) => [
      key,
      typeof value === 'function'
        ? (value as (arg: string | number) => string)(key === 'emailChangedBody' ? 'new@example.test' : 30)
        : value,
    ]),
  );

describe("accounts' e-mails in every interface language", () => {
  const english = rendered(mailTexts('en'));

  it.each(['de', 'fr', 'it', 'es', 'pt'])(
    'has its own words for every text in %s, none left in English',
    (language) => {
      const texts = rendered(mailTexts(language));
      expect(Object.keys(texts)).toEqual(Object.keys(english));
      const untranslated = Object.keys(english).filter((key) => texts[key] === english[key]);
      expect(untranslated).toEqual([]);
    },
  );

  it('writes a language it does not have in English', () => {
    expect(mailTexts('nl')).toBe(mailTexts('en'));
  });
});
