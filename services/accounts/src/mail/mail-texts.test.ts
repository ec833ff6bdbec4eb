import { mailTexts, type MailTexts } from './mail-texts.js';

/** Sample arguments of the texts that take some (the others take a number). */
const SAMPLES: Readonly<Record<string, readonly unknown[]>> = {
  emailChangedBody: ['new@example.test'],
  device: ['Chrome', 'Windows'],
  newSignInBody: ['Chrome on Windows', '7 Dec 2026, 09:26 UTC', '203.0.113.9'],
};

/** Every text of a language, functions called with sample values, by key. */
const rendered = (texts: MailTexts): Record<string, string> =>
  Object.fromEntries(
    Object.entries(texts).map(([key, value]) => [
      key,
      typeof value === 'function' ? (value as (...args: unknown[]) => string)(...(SAMPLES[key] ?? [30])) : value,
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

  it('names a browser by what is known of it', () => {
    const { device } = mailTexts('de');
    expect([device('Chrome', 'Windows'), device('', 'Android'), device('', '')]).toEqual([
      'Chrome unter Windows',
      'Android',
      'einem unbekannten Browser',
    ]);
  });

  it('writes a language it does not have in English', () => {
    expect(mailTexts('nl')).toBe(mailTexts('en'));
  });
});
