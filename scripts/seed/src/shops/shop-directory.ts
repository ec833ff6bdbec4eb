import type { Vertical } from '../catalog/product-templates.js';
import { Rng } from '../random/prng.js';
import type { Language } from '../taxonomy/category.js';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from './countries.js';
import type { PriceEnding, SeedShop } from './seed-shop.js';
import { GENERAL_WORDS, NAME_ENDINGS, SHOP_DESCRIPTIONS, VERTICAL_WORDS, slugify } from './shop-names.js';

const VERTICALS: readonly Vertical[] = ['electronics', 'appliances', 'sports', 'toys', 'garden', 'beauty', 'fashion'];
/** Shops of these countries sometimes also sell abroad, in that country's language. */
const CROSS_BORDER: Readonly<Partial<Record<CountryCode, readonly CountryCode[]>>> = {
  DE: ['AT', 'FR', 'IT', 'ES'],
  AT: ['DE'],
  GB: ['FR', 'DE'],
  FR: ['ES', 'IT'],
};

/**
 * The directory shops: `count` shops spread over the eight countries by their share (at least one
 * per country once there are eight), each with invented name, domain and address and the habits
 * that make its offers differ from other shops'.
 */
export function generateShops(seed: string, count: number): SeedShop[] {
  const countries = allocateCountries(count);
  const usedNames = new Set<string>();
  return countries.map((country, index) => {
    const rng = Rng.derive(seed, 'shop', index);
    const profile = COUNTRIES[country];
    const [city, zipCode, cityLanguage] = rng.pick(profile.cities);
    const language: Language = cityLanguage;
    // The first shop of each country is a generalist, so every vertical finds shops everywhere.
    const firstOfCountry = countries.indexOf(country) === index;
    const verticals = firstOfCountry || rng.chance(0.4) ? [] : rng.sample(VERTICALS, rng.int(1, 2));
    const name = uniqueName(rng, language, verticals, city, usedNames);
    const domain = `${slugify(name)}.${profile.domainSuffix}`;
    const abroad = CROSS_BORDER[country] ?? [];
    const sellsAbroad = abroad.length > 0 && rng.chance(country === 'DE' || country === 'AT' ? 0.3 : 0.2);
    const shopCountries = sellsAbroad ? [country, ...rng.sample(abroad, rng.int(1, abroad.length))] : [country];
    const company = companyName(name, country);
    const aggressive = rng.chance(0.06);
    const lazy = !aggressive && rng.chance(0.35);
    return {
      index,
      name,
      domain,
      homepageUrl: `https://www.${domain}/`,
      country,
      countries: shopCountries,
      language,
      address: {
        line1: `${rng.pick(profile.streets)} ${rng.int(1, 180)}`,
        line2: rng.chance(0.2) ? 'Postfach' : '',
        zipCode,
        city,
        country,
      },
      company,
      commercialRegisterNumber: registerNumber(rng, country),
      phone: `${profile.phonePrefix} ${rng.int(100, 999)} ${rng.int(10, 99)} ${rng.int(10, 99)}`,
      email: `info@${domain}`,
      description: SHOP_DESCRIPTIONS[language],
      verticals,
      size: verticals.length === 0 ? rng.float(1, 3) : rng.float(0.5, 1.5),
      priceLevel: rng.float(0.95, 1.07),
      ending: aggressive
        ? 'cent'
        : country === 'CH'
          ? rng.pick<PriceEnding>(['90', '95', '00', 'rappen', 'x9'])
          : rng.pick<PriceEnding>(['99', '99', '95', '90', 'x9']),
      repricing: aggressive ? 0.25 : lazy ? 0.015 : rng.float(0.03, 0.07),
      minPriceStep: aggressive ? 0.003 : rng.float(0.01, 0.03),
      saleAffinity: rng.float(0.2, 0.9),
      stockRisk: rng.float(0.5, 2),
      shipping: Object.fromEntries(
        shopCountries.map((shipTo) => {
          const target = COUNTRIES[shipTo];
          const fee = rng.pick(target.shippingFees);
          return [
            shipTo,
            {
              fee,
              freeFrom: fee === 0 ? 0 : rng.pick(target.freeShippingFrom),
              raisedFee: fee === 0 ? 0 : fee + rng.pick([50, 100, 100, 200]),
            },
          ];
        }),
      ),
      feeChangeAt: rng.chance(0.25) ? rng.float(0.2, 0.9) : null,
      deliveryChoice: rng.int(0, 3),
      titleStyle: rng.int(0, 5),
      brandCase: rng.weighted([
        ['as-is', 0.75],
        ['upper', 0.2],
        ['lower', 0.05],
      ] as const),
      extraWordChance: rng.chance(0.4) ? rng.float(0.2, 0.7) : 0,
      gtinOmitChance: rng.chance(0.3) ? rng.float(0.3, 0.9) : rng.float(0, 0.08),
      gtinWrongChance: rng.chance(0.15) ? rng.float(0.02, 0.08) : 0,
      mpnOmitChance: rng.float(0, 0.4),
      mpnStyle: rng.weighted([
        ['as-is', 0.7],
        ['compact', 0.2],
        ['lower', 0.1],
      ] as const),
      sendsCategoryId: rng.chance(0.6),
      offerIdStyle: rng.weighted([
        ['numeric', 0.5],
        ['sku', 0.3],
        ['mpn', 0.2],
      ] as const),
      isGreen: rng.chance(0.15),
      // Its own stream: adding the habit leaves every other drawn value of the world as it was.
      inflatesListPrice: Rng.derive(seed, 'list-price-habit', index).chance(0.15),
      refurbished: rng.chance(0.05),
      crawlMinute: rng.int(60, 1200),
    } satisfies SeedShop;
  });
}

/** Countries by share with the largest-remainder method; one per country first when count ≥ 8. */
export function allocateCountries(count: number): CountryCode[] {
  const totalShare = COUNTRY_CODES.reduce((sum, code) => sum + COUNTRIES[code].shopShare, 0);
  const guaranteed = count >= COUNTRY_CODES.length ? 1 : 0;
  const rest = count - guaranteed * COUNTRY_CODES.length;
  const exact = COUNTRY_CODES.map((code) => (rest * COUNTRIES[code].shopShare) / totalShare);
  const counts = exact.map((value) => guaranteed + Math.floor(value));
  let missing = count - counts.reduce((sum, n) => sum + n, 0);
  const byRemainder = exact
    .map((value, i) => [value - Math.floor(value), i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of byRemainder) {
    if (missing <= 0) break;
    counts[i] = (counts[i] ?? 0) + 1;
    missing -= 1;
  }
  // Interleave countries so that the first shops of a small run already span several countries.
  const queues = COUNTRY_CODES.map((code, i) => Array.from({ length: counts[i] ?? 0 }, () => code));
  const order: CountryCode[] = [];
  while (order.length < count) {
    for (const queue of queues) {
      const next = queue.shift();
      if (next) order.push(next);
    }
  }
  return order;
}

function uniqueName(
  rng: Rng,
  language: Language,
  verticals: readonly Vertical[],
  city: string,
  used: Set<string>,
): string {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const lead =
      verticals.length > 0 && rng.chance(0.7)
        ? VERTICAL_WORDS[verticals[0] as Vertical][language]
        : rng.pick(GENERAL_WORDS[language]);
    const name = `${lead}${rng.pick(NAME_ENDINGS[language])}`;
    if (!used.has(slugify(name))) {
      used.add(slugify(name));
      return name;
    }
  }
  // Every combination is taken (very large --shops): the city makes it unique.
  let n = 2;
  const base = `${rng.pick(GENERAL_WORDS[language])}${rng.pick(NAME_ENDINGS[language])} ${city}`;
  while (used.has(slugify(`${base} ${n}`))) n += 1;
  used.add(slugify(`${base} ${n}`));
  return `${base} ${n}`;
}

const LEGAL_FORMS: Readonly<Record<CountryCode, string>> = {
  CH: 'AG',
  DE: 'GmbH',
  AT: 'GmbH',
  FR: 'SAS',
  IT: 'S.r.l.',
  ES: 'S.L.',
  PT: 'Lda.',
  GB: 'Ltd',
};

const companyName = (shopName: string, country: CountryCode): string => `${shopName} ${LEGAL_FORMS[country]}`;

function registerNumber(rng: Rng, country: CountryCode): string {
  const digits = (n: number) => Array.from({ length: n }, () => rng.int(0, 9)).join('');
  switch (country) {
    case 'CH':
      return `CHE-${digits(3)}.${digits(3)}.${digits(3)}`;
    case 'DE':
      return `HRB ${digits(6)}`;
    case 'AT':
      return `FN ${digits(6)}${String.fromCharCode(97 + rng.int(0, 25))}`;
    case 'FR':
      return `RCS ${digits(3)} ${digits(3)} ${digits(3)}`;
    case 'IT':
      return `REA MI-${digits(7)}`;
    case 'ES':
      return `B${digits(8)}`;
    case 'PT':
      return `NIPC ${digits(9)}`;
    case 'GB':
      return `${digits(8)}`;
  }
}
