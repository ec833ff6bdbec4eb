import { SHOP_COUNTRIES } from './forms';

/**
 * The register-shop form's countries, named in the interface language (CLDR through
 * Intl.DisplayNames) and sorted by that name; made on the server so the page and its hydration
 * read the same words.
 */
export function countryOptions(language: string): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([language], { type: 'region' });
  return SHOP_COUNTRIES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) =>
    a.label.localeCompare(b.label, language),
  );
}
