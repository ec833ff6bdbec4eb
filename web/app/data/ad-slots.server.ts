import { orNull } from '~/api/mappers/money.server';
import { sitePaths } from '~/api/mappers/site-paths.server';
import { advertisementsFor } from '~/services/affiliates.server';
import type { SiteContext } from '~/site/site-context.server';

/** The pages with an advertisement slot (spec §2.4 advertisements: home, search and product pages). */
export type AdPlacement = 'home' | 'search' | 'product';

/** An advertisement as a slot shows it; `href` goes through the click-out (the click is counted). */
export interface AdView {
  readonly id: string;
  readonly title: string;
  readonly text: string | null;
  readonly image: string | null;
  readonly href: string;
}

/**
 * The advertisement of a page's slot for the visitor's country and language (and the category
 * shown, with its ancestors), or none; a failure of affiliates leaves the slot empty.
 */
export async function adSlot(
  context: SiteContext,
  placement: AdPlacement,
  categoryPath: readonly string[] = [],
): Promise<AdView[]> {
  const ads = await advertisementsFor({
    placement,
    country: context.locale.country.toUpperCase(),
    language: context.language,
    categoryPath,
  });
  return ads.map((ad) => ({
    id: ad.id,
    title: ad.title,
    text: orNull(ad.text),
    image: orNull(ad.imageUrl),
    href: `${sitePaths.clickOut(ad.locationId)}?o=ad&p=advertisement`,
  }));
}
