/**
 * ISO code checks. Currencies come from the ICU data Node ships (`Intl.supportedValuesOf`), and
 * so do their minor units. ISO 3166-1 alpha-2 has no such API (ICU also accepts aliases such as
 * "UK"), so the assigned codes are listed here.
 */
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

const ASSIGNED_COUNTRIES = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
    'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
    'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO ' +
    'JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR ' +
    'MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO ' +
    'RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV ' +
    'TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
  ).split(' '),
);

export const isCurrencyCode = (code: string): boolean => CURRENCIES.has(code);

export const isCountryCode = (code: string): boolean => ASSIGNED_COUNTRIES.has(code);

const LANGUAGE = /^[a-z]{2}$/;

/** ISO 639-1: two lower-case letters that ICU can name. */
export function isLanguageCode(code: string): boolean {
  if (!LANGUAGE.test(code)) return false;
  return new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(code) !== undefined;
}

const exponents = new Map<string, number>();

/** Decimal places of a currency's minor unit (CHF 2, JPY 0, KWD 3), from ICU. */
export function minorUnits(currency: string): number {
  let digits = exponents.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    exponents.set(currency, digits);
  }
  return digits;
}
