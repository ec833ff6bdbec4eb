import { config } from '~/config.server';
import type { LocaleId } from '~/i18n/locales';

/**
 * Site paths the API links to (spec §2.2), under the caller's locale. Product paths carry the
 * slug and the "-p" marker; only the part after the last marker is the id.
 */
export const sitePaths = {
  product: (locale: LocaleId, slug: string, id: string) => `/${locale}/products/${slug ? `${slug}-p${id}` : id}`,
  brand: (locale: LocaleId, slug: string) => `/${locale}/brands/${slug}`,
  category: (locale: LocaleId, id: string) => `/${locale}/categories/${id}`,
  shop: (locale: LocaleId, id: string) => `/${locale}/shops/${id}`,
  /** The outbound click (spec §2.2 goto/{locationId}); affiliates resolves it. */
  clickOut: (locationId: string) => `/goto/${locationId}`,
  /** The staff edit page of a product, in the admin app's shopping panel (ADMIN_SITE_URL; spec §2.4 shopping: products). */
  productAdmin: (id: string) => `${config.ADMIN_SITE_URL}/shopping/products/${encodeURIComponent(id)}`,
};
