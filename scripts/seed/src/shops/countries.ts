import type { Language } from '../taxonomy/category.js';

export type CountryCode = 'CH' | 'DE' | 'AT' | 'FR' | 'IT' | 'ES' | 'PT' | 'GB';
export type Currency = 'CHF' | 'EUR' | 'GBP';

/** What a shop in a country looks like: currency, languages, price level, shipping, addresses. */
export interface CountryProfile {
  readonly code: CountryCode;
  readonly currency: Currency;
  /** Languages shops write in, with their share (Switzerland: German, French, Italian). */
  readonly languages: readonly (readonly [Language, number])[];
  /** Share of the ~60 directory shops based here. */
  readonly shopShare: number;
  /** Prices relative to Germany, before currency conversion. */
  readonly priceLevel: number;
  /** Typical flat shipping fees, minor units of the currency. */
  readonly shippingFees: readonly number[];
  /** Typical free-shipping thresholds, minor units. */
  readonly freeShippingFrom: readonly number[];
  readonly domainSuffix: string;
  /** The number up to its last seven digits, so that a generated number is valid for the country (offers checks). */
  readonly phonePrefix: string;
  readonly cities: readonly (readonly [city: string, zip: string, language: Language])[];
  readonly streets: readonly string[];
}

export const COUNTRIES: Readonly<Record<CountryCode, CountryProfile>> = {
  CH: {
    code: 'CH',
    currency: 'CHF',
    languages: [
      ['de', 0.65],
      ['fr', 0.25],
      ['it', 0.1],
    ],
    shopShare: 12,
    priceLevel: 1.12,
    shippingFees: [0, 690, 790, 990],
    freeShippingFrom: [5000, 9900, 15000],
    domainSuffix: 'ch',
    phonePrefix: '+41 44',
    cities: [
      ['Zürich', '8005', 'de'],
      ['Bern', '3011', 'de'],
      ['Basel', '4051', 'de'],
      ['Luzern', '6003', 'de'],
      ['St. Gallen', '9000', 'de'],
      ['Winterthur', '8400', 'de'],
      ['Genève', '1204', 'fr'],
      ['Lausanne', '1003', 'fr'],
      ['Fribourg', '1700', 'fr'],
      ['Lugano', '6900', 'it'],
    ],
    streets: ['Bahnhofstrasse', 'Industriestrasse', 'Hauptstrasse', 'Rue du Rhône', 'Avenue de la Gare', 'Via Nassa'],
  },
  DE: {
    code: 'DE',
    currency: 'EUR',
    languages: [['de', 1]],
    shopShare: 12,
    priceLevel: 1,
    shippingFees: [0, 395, 495, 595],
    freeShippingFrom: [2900, 4900, 9900],
    domainSuffix: 'de',
    phonePrefix: '+49 30',
    cities: [
      ['Berlin', '10115', 'de'],
      ['Hamburg', '20095', 'de'],
      ['München', '80331', 'de'],
      ['Köln', '50667', 'de'],
      ['Leipzig', '04109', 'de'],
      ['Stuttgart', '70173', 'de'],
      ['Düsseldorf', '40213', 'de'],
    ],
    streets: ['Hauptstraße', 'Gewerbepark', 'Industriestraße', 'Am Hafen', 'Lindenallee'],
  },
  AT: {
    code: 'AT',
    currency: 'EUR',
    languages: [['de', 1]],
    shopShare: 6,
    priceLevel: 1.03,
    shippingFees: [0, 490, 590, 690],
    freeShippingFrom: [3500, 5000, 9900],
    domainSuffix: 'at',
    phonePrefix: '+43 1',
    cities: [
      ['Wien', '1010', 'de'],
      ['Graz', '8010', 'de'],
      ['Linz', '4020', 'de'],
      ['Salzburg', '5020', 'de'],
      ['Innsbruck', '6020', 'de'],
    ],
    streets: ['Mariahilfer Straße', 'Landstraße', 'Industriezeile', 'Gewerbestraße'],
  },
  FR: {
    code: 'FR',
    currency: 'EUR',
    languages: [['fr', 1]],
    shopShare: 8,
    priceLevel: 1.04,
    shippingFees: [0, 499, 599, 799],
    freeShippingFrom: [2500, 4900, 9900],
    domainSuffix: 'fr',
    phonePrefix: '+33 1 4',
    cities: [
      ['Paris', '75011', 'fr'],
      ['Lyon', '69002', 'fr'],
      ['Marseille', '13001', 'fr'],
      ['Lille', '59000', 'fr'],
      ['Bordeaux', '33000', 'fr'],
      ['Nantes', '44000', 'fr'],
    ],
    streets: ['Rue de la République', 'Avenue Jean Jaurès', 'Boulevard Voltaire', 'Zone Industrielle Nord'],
  },
  IT: {
    code: 'IT',
    currency: 'EUR',
    languages: [['it', 1]],
    shopShare: 7,
    priceLevel: 1.02,
    shippingFees: [0, 490, 690, 990],
    freeShippingFrom: [2900, 4900, 9900],
    domainSuffix: 'it',
    phonePrefix: '+39 02',
    cities: [
      ['Milano', '20121', 'it'],
      ['Roma', '00184', 'it'],
      ['Torino', '10121', 'it'],
      ['Bologna', '40121', 'it'],
      ['Napoli', '80133', 'it'],
      ['Firenze', '50123', 'it'],
    ],
    streets: ['Via Roma', 'Corso Italia', 'Via Garibaldi', 'Viale dell’Industria'],
  },
  ES: {
    code: 'ES',
    currency: 'EUR',
    languages: [['es', 1]],
    shopShare: 6,
    priceLevel: 1.01,
    shippingFees: [0, 395, 495, 695],
    freeShippingFrom: [2900, 4900, 7900],
    domainSuffix: 'es',
    phonePrefix: '+34 91',
    cities: [
      ['Madrid', '28013', 'es'],
      ['Barcelona', '08002', 'es'],
      ['Valencia', '46002', 'es'],
      ['Sevilla', '41001', 'es'],
      ['Bilbao', '48001', 'es'],
    ],
    streets: ['Calle Mayor', 'Gran Vía', 'Avenida de la Constitución', 'Polígono Industrial Sur'],
  },
  PT: {
    code: 'PT',
    currency: 'EUR',
    languages: [['pt', 1]],
    shopShare: 4,
    priceLevel: 1.05,
    shippingFees: [0, 399, 499, 690],
    freeShippingFrom: [3000, 5000, 7500],
    domainSuffix: 'pt',
    phonePrefix: '+351 21',
    cities: [
      ['Lisboa', '1100-148', 'pt'],
      ['Porto', '4000-322', 'pt'],
      ['Braga', '4700-321', 'pt'],
      ['Coimbra', '3000-150', 'pt'],
    ],
    streets: ['Rua Augusta', 'Avenida da Liberdade', 'Rua de Santa Catarina', 'Parque Industrial'],
  },
  GB: {
    code: 'GB',
    currency: 'GBP',
    languages: [['en', 1]],
    shopShare: 5,
    priceLevel: 1.02,
    shippingFees: [0, 299, 399, 499],
    freeShippingFrom: [2000, 4000, 7500],
    domainSuffix: 'co.uk',
    phonePrefix: '+44 20 7',
    cities: [
      ['London', 'EC1V 9HX', 'en'],
      ['Manchester', 'M1 1AE', 'en'],
      ['Birmingham', 'B1 1BB', 'en'],
      ['Leeds', 'LS1 4AP', 'en'],
      ['Bristol', 'BS1 4DJ', 'en'],
      ['Edinburgh', 'EH1 1YZ', 'en'],
    ],
    streets: ['High Street', 'Station Road', 'Church Lane', 'Trading Estate'],
  },
};

export const COUNTRY_CODES = Object.keys(COUNTRIES) as CountryCode[];

/** EUR → currency, the fixed rates the seed sets in offers (SetFxRates) and prices with. */
export const EUR_RATES: Readonly<Record<Currency | 'USD', number>> = { EUR: 1, CHF: 0.9412, GBP: 0.8537, USD: 1.0842 };
