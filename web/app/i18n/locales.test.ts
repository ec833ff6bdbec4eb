import { DEFAULT_LOCALE, LOCALE_IDS, parseLocale } from './locales';

describe('parseLocale', () => {
  it('reads language and country from a two-part id', () => {
    expect(parseLocale('fr-ch')).toEqual({ id: 'fr-ch', language: 'fr', country: 'ch' });
    expect(parseLocale('en-de')).toEqual({ id: 'en-de', language: 'en', country: 'de' });
  });

  it('reads a one-part id as a country in its main language', () => {
    expect(parseLocale('gb')).toEqual({ id: 'gb', language: 'en', country: 'gb' });
    expect(parseLocale('de')).toEqual({ id: 'de', language: 'de', country: 'de' });
  });

  it('knows the 15 locales of the spec and nothing else', () => {
    expect(LOCALE_IDS).toHaveLength(15);
    expect(LOCALE_IDS.every((id) => parseLocale(id) !== null)).toBe(true);
    expect(parseLocale('it-ch')).toBeNull();
    expect(parseLocale('favicon.ico')).toBeNull();
    expect(parseLocale(DEFAULT_LOCALE)?.id).toBe('en-ch');
  });
});
