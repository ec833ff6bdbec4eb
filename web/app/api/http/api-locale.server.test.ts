import { LOCALE_IDS } from '~/i18n/locales';
import { apiLocale } from './api-locale.server';

describe('apiLocale', () => {
  it('gives the services the language, the upper-case country and its currency', () => {
    expect(apiLocale('fr-ch')).toEqual({ id: 'fr-ch', language: 'fr', country: 'CH', currency: 'CHF' });
    expect(apiLocale('gb')).toEqual({ id: 'gb', language: 'en', country: 'GB', currency: 'GBP' });
    expect(apiLocale('de')).toEqual({ id: 'de', language: 'de', country: 'DE', currency: 'EUR' });
    expect(apiLocale('en-fr')).toEqual({ id: 'en-fr', language: 'en', country: 'FR', currency: 'EUR' });
  });

  it('defaults to en-ch and knows a currency for every locale of the spec', () => {
    expect(apiLocale()).toMatchObject({ id: 'en-ch', country: 'CH', currency: 'CHF' });
    for (const id of LOCALE_IDS) expect(apiLocale(id).currency).toMatch(/^[A-Z]{3}$/);
  });
});
