import { INTERFACE_LANGUAGES, type InterfaceLanguage } from '../../app/i18n/regions';
import type { LocaleId } from '../../app/i18n/locales';
import { compareHref } from '../../app/compare/compare-link';
import { productSegment, routePath, type RouteName } from '../../app/routing/route-path';
import { STATIC_PAGES } from '../../app/routing/static-pages';
import type { SampleData } from '../support/site';

/** The locale each interface language is walked under (it, pt and es ride on en-ch, ADR 011). */
export const WALK_LOCALES: Readonly<Record<InterfaceLanguage, LocaleId>> = {
  de: 'de-ch',
  en: 'en-ch',
  fr: 'fr-ch',
  it: 'en-ch',
  pt: 'en-ch',
  es: 'en-ch',
};

export interface WalkedRoute {
  readonly path: string;
  readonly status: number;
}

/** Every public screen of spec §2.2 and §2.3 in one language, with the status it must answer. */
export function everyRoute(language: InterfaceLanguage, data: SampleData): WalkedRoute[] {
  const context = { locale: WALK_LOCALES[language], language };
  const at = (name: RouteName, params: Record<string, string> = {}, query?: Record<string, string>) => ({
    path: routePath(name, context, params, query),
    status: 200,
  });
  const productId = data.product.id;
  const slug = data.product.route.split('/').pop() ?? productId;
  return [
    at('home'),
    at('shops'),
    at('shops.show', { shop: data.shop }),
    at('brands'),
    at('brands.show', { brand: data.brand }),
    at('categories'),
    at('categories.show', { category: data.category }),
    at('products', {}, { brand: data.brand }),
    { path: routePath('products.show', context, { product: slug }), status: 200 },
    { path: routePath('products.show', context, { product: productSegment('', productId) }), status: 200 },
    at('promotions'),
    at('deals'),
    at('compare'),
    { path: compareHref(routePath('compare', context), [productId, data.otherProduct.id]), status: 200 },
    at('search', {}, { search: 'a' }),
    at('barcode'),
    at('favourites'),
    at('favourites.all'),
    at('favourites.list', { list: 'default' }),
    at('files.show', { file: 'product-feed-template.csv' }),
    at('login'),
    at('register'),
    at('password.request'),
    at('password.reset'),
    ...STATIC_PAGES.map((page) => at(page.name)),
    // The translated words of "products" (spec §2.1) answer the same pages.
    ...(['produkte', 'produits'] as const).flatMap((word) => [
      { path: `/${context.locale}/${word}?brand=${encodeURIComponent(data.brand)}`, status: 200 },
      { path: `/${context.locale}/${word}/${slug}`, status: 200 },
    ]),
    { path: `/${context.locale}/no/such/page`, status: 404 },
  ];
}

export const WALK_LANGUAGES = INTERFACE_LANGUAGES;
