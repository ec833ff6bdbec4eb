import type { Site } from '~/site/use-site';

const names = new Map<string, Intl.DisplayNames>();

/** A country code as its name in the interface language ("DE" → "Germany"), via Intl. */
export function countryName(site: Pick<Site, 'language'>, code: string): string {
  let display = names.get(site.language);
  if (!display) {
    display = new Intl.DisplayNames([site.language], { type: 'region' });
    names.set(site.language, display);
  }
  try {
    return display.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
