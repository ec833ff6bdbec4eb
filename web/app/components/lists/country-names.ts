import type { Site } from '~/site/use-site';

/** A country code as its name in the interface language ("DE" → "Germany"), via Intl. */
export function countryName(site: Pick<Site, 'language'>, code: string): string {
  try {
    return new Intl.DisplayNames([site.language], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
