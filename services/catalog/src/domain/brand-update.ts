import type { BrandRecord } from './brand.js';

/** A checked UpdateBrand: only what is set changes; descriptions per language ('' removes one). */
export interface BrandUpdate {
  readonly name?: string;
  readonly slug?: string;
  readonly logoUrl?: string;
  readonly homepageUrl?: string;
  readonly descriptions: Readonly<Record<string, string>>;
}

export interface BrandChange {
  readonly brand: BrandRecord;
  /** The name or slug changed: its products' views (BrandRef) changed with it. */
  readonly productsAffected: boolean;
}

/**
 * The brand with the update applied, or null when nothing changes. The matching key stays: it is
 * what shops' spellings of the brand resolve to, and a display name is not a new maker.
 */
export function applyBrandUpdate(current: BrandRecord, update: BrandUpdate, now: string): BrandChange | null {
  const descriptions: Record<string, string> = { ...current.descriptions };
  for (const [language, text] of Object.entries(update.descriptions)) {
    if (text) descriptions[language] = text;
    else delete descriptions[language];
  }
  const next: BrandRecord = {
    ...current,
    name: update.name ?? current.name,
    sortName: (update.name ?? current.name).toLowerCase(),
    slug: update.slug ?? current.slug,
    logoUrl: update.logoUrl ?? current.logoUrl,
    homepageUrl: update.homepageUrl ?? current.homepageUrl,
    descriptions,
  };
  const productsAffected = next.name !== current.name || next.slug !== current.slug;
  const same =
    !productsAffected &&
    next.logoUrl === current.logoUrl &&
    next.homepageUrl === current.homepageUrl &&
    JSON.stringify(Object.entries(next.descriptions).sort()) ===
      JSON.stringify(Object.entries(current.descriptions).sort());
  return same ? null : { brand: { ...next, updatedAt: now }, productsAffected };
}
