import { ROUTE_LANGUAGES, SLUGS } from './slugs';

interface AliasRoute {
  readonly id: string;
  readonly parentId: string;
  readonly path: string;
  readonly file: string;
  readonly index?: boolean;
}

/**
 * Routes for the translated words of "products" (spec §2.1: /de/produkte, /fr/produits and the
 * product pages under them), served by the same route modules as /{locale}/products. Links keep
 * the English word (the canonical page); the others answer the same page, so a path typed or
 * shared in German or French works too. Read by vite.config.ts (Remix's `routes` option).
 */
export function productRouteAliases(): Record<string, AliasRoute> {
  const routes: Record<string, AliasRoute> = {};
  const words = new Set(
    ROUTE_LANGUAGES.map((language) => SLUGS.products[language]).filter((word) => word !== SLUGS.products.en),
  );
  for (const word of words) {
    const list = {
      id: `routes/$locale.products._index.${word}`,
      parentId: 'routes/$locale',
      path: word,
      index: true,
      file: 'routes/$locale.products._index.tsx',
    };
    const detail = {
      id: `routes/$locale.products.$product.${word}`,
      parentId: 'routes/$locale',
      path: `${word}/:product`,
      file: 'routes/$locale.products.$product.tsx',
    };
    routes[list.id] = list;
    routes[detail.id] = detail;
  }
  return routes;
}

/**
 * Routes for the translated words of "deals" (ADR 142: /de-ch/preissturz, /fr-ch/bons-plans),
 * served by the deals route module. Unlike products, links use the word of the visitor's
 * language (route-path.ts); the page redirects another language's word to it.
 */
export function dealsRouteAliases(): Record<string, AliasRoute> {
  const routes: Record<string, AliasRoute> = {};
  for (const language of ROUTE_LANGUAGES) {
    const word = SLUGS.deals[language];
    if (word === SLUGS.deals.en) continue;
    const id = `routes/$locale.deals.${word}`;
    routes[id] = { id, parentId: 'routes/$locale', path: word, file: 'routes/$locale.deals.tsx' };
  }
  return routes;
}
