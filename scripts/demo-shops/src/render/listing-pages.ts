import type { DemoCategory, DemoOffer, DemoShop } from '../world/demo-world.js';
import type { LiveOffer } from '../world/live-market.js';
import { escapeHtml, page } from './html.js';
import { formatPrice } from './price-format.js';

/** Products per category page. */
export const CATEGORY_PAGE = 24;

/** The home page: the shop, its categories, and (for some shops) a deals link that loops. */
export function homePage(shop: DemoShop): string {
  const links = shop.categories
    .map(
      (category) =>
        `<li><a href="/c/${escapeHtml(category.slug)}">${escapeHtml(category.name)}</a> (${category.offers.length})</li>`,
    )
    .join('\n');
  const deals = shop.site.redirectLoop ? '<p><a href="/deals">Deals</a></p>' : '';
  return page({
    language: shop.shop.language,
    title: shop.shop.address.city,
    shopName: shop.shop.name,
    body: `<h1>${escapeHtml(shop.shop.name)}</h1>\n<p>${escapeHtml(shop.shop.description)}</p>\n${deals}<ul class="categories">\n${links}\n</ul>`,
  });
}

/** A page of a category's listed products, linked through /item/{id} on shops that redirect. */
export function categoryPage(
  shop: DemoShop,
  category: DemoCategory,
  listed: readonly { item: DemoOffer; live: LiveOffer }[],
  pageNumber: number,
): string {
  const pages = Math.max(1, Math.ceil(listed.length / CATEGORY_PAGE));
  const rows = listed.slice((pageNumber - 1) * CATEGORY_PAGE, pageNumber * CATEGORY_PAGE).map(({ item, live }) => {
    const href = shop.site.redirects ? `/item/${encodeURIComponent(item.offer.shopOfferId)}` : item.path;
    const price = formatPrice(
      live.priceMinor,
      item.offer.currency,
      `${item.offer.language}-${item.offer.country}`,
      shop.site.swissDash,
    );
    return `<li class="tile"><a class="tile-link" href="${escapeHtml(href)}">${escapeHtml(item.offer.title)}</a> <span class="tile-price">${escapeHtml(price)}</span></li>`;
  });
  const base = `/c/${category.slug}`;
  const nav = [
    pageNumber > 1 ? `<a rel="prev" href="${base}${pageNumber === 2 ? '' : `?page=${pageNumber - 1}`}">‹</a>` : '',
    pageNumber < pages ? `<a rel="next" href="${base}?page=${pageNumber + 1}">›</a>` : '',
  ].join(' ');
  const sort = `<a href="${base}?sort=price" rel="nofollow">sort by price</a>`;
  return page({
    language: shop.shop.language,
    title: category.name,
    shopName: shop.shop.name,
    head: pageNumber < pages ? `<link rel="next" href="${base}?page=${pageNumber + 1}">` : '',
    body: `<h1>${escapeHtml(category.name)}</h1>\n${sort}\n<ul class="products">\n${rows.join('\n')}\n</ul>\n<nav class="pages">${nav}</nav>`,
  });
}

export function plainPage(shop: DemoShop, title: string, text: string): string {
  return page({
    language: shop.shop.language,
    title,
    shopName: shop.shop.name,
    body: `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`,
  });
}
