// The traffic mixes of `npm run load`: each turns the data a running site serves (read through
// its JSON API first, as a visitor's browser would find it) into weighted vegeta targets.
// A target is { name, method, url, header? }; `name` groups the results in the summary.

import { signInBusinessUser } from './site-session.mjs';

/**
 * Reads what the mixes need from the site: products with offers, their click-outs, shops,
 * brands; for the business mix, a signed-in business user's session cookie.
 */
export async function discover(site, locale, mixNames = []) {
  const get = async (path) => {
    const response = await fetch(`${site}${path}`);
    if (!response.ok) throw new Error(`${path} answered ${response.status}: is the platform seeded?`);
    return response.json();
  };
  const products = (await get(`/api/products?locale=${locale}&sort=rank&hitsPerPage=50&with_offers=true`)).data;
  if (products.length === 0)
    throw new Error('the site lists no product with offers: seed it (npm start seeds an empty data dir)');
  const clickOuts = [];
  for (const product of products.slice(0, 20)) {
    const offers = (await get(`/api/products/${product.id}/offers?locale=${locale}&hitsPerPage=5`)).data;
    for (const offer of offers) if (offer.clickLink) clickOuts.push(`${offer.clickLink}?product=${product.id}`);
  }
  if (clickOuts.length === 0) throw new Error('no offer of the first products has a click-out link');
  const shops = (await get(`/api/shops?locale=${locale}&hitsPerPage=20`)).data;
  const brands = (await get(`/api/brands?locale=${locale}&hitsPerPage=20`)).data;
  // Search words a visitor would type: the words of the products' names, longest first.
  const words = [
    ...new Set(
      products.flatMap((p) =>
        String(p.name)
          .toLowerCase()
          .split(/[^\p{L}\p{N}]+/u),
      ),
    ),
  ]
    .filter((w) => w.length >= 4 && !/^\d+$/.test(w))
    .slice(0, 30);
  const session = mixNames.includes('business') ? await signInBusinessUser(site) : null;
  return { locale, products, clickOuts, shops, brands, words, session };
}

/** A deterministic pseudo-random sequence (mulberry32), so two runs send the same requests. */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (random, list) => list[Math.floor(random() * list.length)];

/**
 * Each mix: request kinds with their share of the traffic and a function that draws one request
 * of that kind from the discovered data.
 */
export const MIXES = {
  // A visitor: lands on the home page, searches, opens a product, its offers load, clicks out.
  visitor: [
    { name: 'home', weight: 15, draw: (d) => `/${d.locale}` },
    {
      name: 'search page',
      weight: 25,
      draw: (d, r) => `/${d.locale}/search?search=${encodeURIComponent(pick(r, d.words))}`,
    },
    { name: 'product page', weight: 30, draw: (d, r) => pick(r, d.products).route },
    {
      name: 'offers JSON',
      weight: 20,
      draw: (d, r) => `/api/products/${pick(r, d.products).id}/offers?locale=${d.locale}`,
    },
    { name: 'click-out', weight: 10, draw: (d, r) => pick(r, d.clickOuts) },
  ],
  // A signed-in business user (shop owner): the account, its alerts and favourites, and the pages
  // about shops, their products, brands and price histories.
  business: [
    { name: 'account page (signed in)', weight: 10, signedIn: true, draw: () => '/account' },
    { name: 'alerts JSON (signed in)', weight: 5, signedIn: true, draw: () => '/api/alerts' },
    { name: 'favourites JSON (signed in)', weight: 5, signedIn: true, draw: () => '/api/favourites' },
    { name: 'notifications JSON (signed in)', weight: 5, signedIn: true, draw: () => '/api/notifications' },
    { name: 'shops page', weight: 15, draw: (d) => `/${d.locale}/shops` },
    { name: 'shop page', weight: 20, draw: (d, r) => `/${d.locale}/shops/${pick(r, d.shops).id}` },
    {
      name: "shop's products JSON",
      weight: 20,
      draw: (d, r) => `/api/products?locale=${d.locale}&shop=${pick(r, d.shops).id}&facets=brand,category`,
    },
    {
      name: 'price history JSON',
      weight: 15,
      draw: (d, r) => `/api/products/${pick(r, d.products).id}/price-history?locale=${d.locale}`,
    },
    { name: 'brand JSON', weight: 5, draw: (d, r) => `/api/brands/${pick(r, d.brands).slug}?locale=${d.locale}` },
  ],
  // The public JSON API (docs/api/openapi.yaml) as an app or a partner calls it.
  api: [
    {
      name: 'API search',
      weight: 30,
      draw: (d, r) =>
        `/api/products?locale=${d.locale}&search=${encodeURIComponent(pick(r, d.words))}&facets=brand,price`,
    },
    { name: 'API product', weight: 20, draw: (d, r) => `/api/products/${pick(r, d.products).id}?locale=${d.locale}` },
    {
      name: 'API offers',
      weight: 20,
      draw: (d, r) => `/api/products/${pick(r, d.products).id}/offers?locale=${d.locale}&hitsPerPage=10`,
    },
    {
      name: 'API reviews',
      weight: 10,
      draw: (d, r) => `/api/products/${pick(r, d.products).id}/reviews?locale=${d.locale}`,
    },
    { name: 'API shops', weight: 10, draw: (d) => `/api/shops?locale=${d.locale}` },
    { name: 'API categories', weight: 10, draw: (d) => `/api/categories?locale=${d.locale}` },
  ],
};

/**
 * `count` targets of the named mixes (equal shares between mixes, the kinds' weights within
 * one), shuffled: vegeta sends them round-robin, so the order is the mix over time.
 */

export function buildTargets(site, data, mixNames, { count = 2000, seed = 44 } = {}) {
  const random = seeded(seed);
  const targets = [];
  for (const mixName of mixNames) {
    const kinds = MIXES[mixName];
    if (!kinds) throw new Error(`unknown mix "${mixName}" (${Object.keys(MIXES).join(', ')})`);
    const total = kinds.reduce((sum, kind) => sum + kind.weight, 0);
    for (const kind of kinds) {
      const n = Math.max(1, Math.round((count / mixNames.length) * (kind.weight / total)));
      const header = kind.signedIn ? { Cookie: [data.session] } : undefined;
      for (let i = 0; i < n; i++)
        targets.push({
          name: `${mixName}: ${kind.name}`,
          method: 'GET',
          url: `${site}${kind.draw(data, random)}`,
          header,
        });
    }
  }
  for (let i = targets.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [targets[i], targets[j]] = [targets[j], targets[i]];
  }
  // One request of every kind first, so that even a short run (the smoke) sends each of them.
  const firsts = [...new Map(targets.map((target) => [target.name, target])).values()];
  return [...firsts, ...targets.filter((target) => !firsts.includes(target))];
}
