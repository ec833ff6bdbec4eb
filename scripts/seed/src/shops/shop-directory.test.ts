import { isValidPhoneNumber } from 'libphonenumber-js';
import { postcodeValidator } from 'postcode-validator';
import { COUNTRIES, COUNTRY_CODES } from './countries';
import { allocateCountries, generateShops } from './shop-directory';

describe('shop directory', () => {
  const shops = generateShops('1', 60);

  it('spreads 60 shops over the eight countries, each with its currency', () => {
    expect(shops).toHaveLength(60);
    expect(new Set(shops.map((shop) => shop.country))).toEqual(
      new Set(['CH', 'DE', 'AT', 'FR', 'IT', 'ES', 'PT', 'GB']),
    );
    const expected = { CH: 'CHF', GB: 'GBP', DE: 'EUR', AT: 'EUR', FR: 'EUR', IT: 'EUR', ES: 'EUR', PT: 'EUR' };
    for (const code of COUNTRY_CODES) expect(COUNTRIES[code].currency).toBe(expected[code]);
    for (const shop of shops) {
      expect(shop.countries[0]).toBe(shop.country);
      expect(shop.address.country).toBe(shop.country);
      expect(shop.domain.endsWith(`.${COUNTRIES[shop.country].domainSuffix}`)).toBe(true);
    }
  });

  it('gives every shop its own name and domain, and Swiss shops their city’s language', () => {
    expect(new Set(shops.map((shop) => shop.domain)).size).toBe(60);
    expect(new Set(shops.map((shop) => shop.name)).size).toBe(60);
    const swiss = shops.filter((shop) => shop.country === 'CH');
    expect(swiss.length).toBeGreaterThanOrEqual(10);
    for (const shop of swiss) expect(['de', 'fr', 'it']).toContain(shop.language);
    for (const shop of shops.filter((s) => s.country === 'GB')) expect(shop.language).toBe('en');
  });

  // Offers refuses a shop whose phone or postal code is not valid for its country (the same libraries).
  it('gives every shop a phone number and a postal code valid for its country', () => {
    for (const shop of shops) {
      expect([shop.phone, isValidPhoneNumber(shop.phone)]).toEqual([shop.phone, true]);
      expect([shop.address.zipCode, postcodeValidator(shop.address.zipCode, shop.country)]).toEqual([
        shop.address.zipCode,
        true,
      ]);
    }
  });

  it('is the same for the same seed and differs for another', () => {
    expect(generateShops('1', 60)).toEqual(shops);
    expect(generateShops('2', 60).map((shop) => shop.name)).not.toEqual(shops.map((shop) => shop.name));
  });

  it('gives each country a shop once there are eight, and never loses or adds one', () => {
    expect(new Set(allocateCountries(8)).size).toBe(8);
    for (const count of [2, 7, 8, 13, 60, 500]) expect(allocateCountries(count)).toHaveLength(count);
    expect(allocateCountries(60).filter((code) => code === 'CH')).toHaveLength(12);
  });
});
