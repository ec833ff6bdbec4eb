"use strict";
/**
 * ISO 4217 facts the service needs: how many minor units a currency has (amounts are integers
 * in minor units, docs/architecture.md §6) and which currency a country's prices are compared in.
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.isCurrencyCode = exports.isCountryCode = void 0;
exports.currencyExponent = currencyExponent;
exports.countryCurrency = countryCurrency;
/** Currencies whose minor unit is not the hundredth (all others have 2 decimals). */
const EXPONENTS = {
    BIF: 0,
    CLP: 0,
    DJF: 0,
    GNF: 0,
    ISK: 0,
    JPY: 0,
    KMF: 0,
    KRW: 0,
    PYG: 0,
    RWF: 0,
    UGX: 0,
    UYI: 0,
    VND: 0,
    VUV: 0,
    XAF: 0,
    XOF: 0,
    XPF: 0,
    BHD: 3,
    IQD: 3,
    JOD: 3,
    KWD: 3,
    LYD: 3,
    OMR: 3,
    TND: 3,
    CLF: 4,
    UYW: 4,
};
/** Decimal places of the currency's minor unit. */
function currencyExponent(currency) {
    return EXPONENTS[currency] ?? 2;
}
const EURO_COUNTRIES = [
    'AD',
    'AT',
    'BE',
    'BG',
    'CY',
    'DE',
    'EE',
    'ES',
    'FI',
    'FR',
    'GR',
    'HR',
    'IE',
    'IT',
    'LT',
    'LU',
    'LV',
    'MC',
    'ME',
    'MT',
    'NL',
    'PT',
    'SI',
    'SK',
    'SM',
    'VA',
    'XK',
];
const COUNTRY_CURRENCIES = {
    ...Object.fromEntries(EURO_COUNTRIES.map((country) => [country, 'EUR'])),
    CH: 'CHF',
    LI: 'CHF',
    GB: 'GBP',
    US: 'USD',
    CA: 'CAD',
    AU: 'AUD',
    NZ: 'NZD',
    JP: 'JPY',
    SE: 'SEK',
    DK: 'DKK',
    NO: 'NOK',
    PL: 'PLN',
    CZ: 'CZK',
    HU: 'HUF',
    RO: 'RON',
    IS: 'ISK',
    TR: 'TRY',
    CN: 'CNY',
    IN: 'INR',
    BR: 'BRL',
};
/** The currency a country's prices are compared and summarised in; null for a country not in the table. */
function countryCurrency(country) {
    return COUNTRY_CURRENCIES[country] ?? null;
}
const COUNTRY = /^[A-Z]{2}$/;
const CURRENCY = /^[A-Z]{3}$/;
const isCountryCode = (value) => COUNTRY.test(value);
exports.isCountryCode = isCountryCode;
const isCurrencyCode = (value) => CURRENCY.test(value);
exports.isCurrencyCode = isCurrencyCode;
//# sourceMappingURL=currency.js.map