/**
 * The price standing's `country` parameter (ADR 144): empty or absent is '' (offers takes the
 * shop's own country), else an ISO code the shop sells in, any case; null for anything else.
 */
export function parseStandingCountry(raw: string | null, shopCountries: readonly string[]): string | null {
  const code = (raw ?? '').trim().toUpperCase();
  if (!code) return '';
  return shopCountries.includes(code) ? code : null;
}
