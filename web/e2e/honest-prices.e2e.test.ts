import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { RunningPlatform } from '../../scripts/e2e/platform-process';
import { seedHeldPrice } from '../test/held-price-fixture';
import { writeBarcodeVideo } from './support/barcode-video';
import { launchBrowser, watchErrors, type Browser } from './support/browser';
import { platformIngest } from './support/platform-ingest';
import { screenshot, startSeededPlatform } from './support/site';
import { until } from './support/until';

interface OfferJson {
  identifier: string;
  country: string;
  price: { amount: number } | null;
  shipping: { amount: number } | null;
  total: { amount: number } | null;
  originalPrice: { amount: number } | null;
  wasPrice: { amount: number } | null;
  listPriceCheck: string | null;
}
/** Intl writes a no-break space between a currency and its amount. */
const plain = (text: string): string => text.replace(/\u00a0/g, ' ');

interface ProductHit {
  id: string;
  route: string;
}

/**
 * The prices a visitor pays and the audit's gaps (issue 45), in Debian's Chromium against a
 * seeded `npm start`: offers by total with shipping, true "was" prices and fake list prices,
 * landed prices abroad, the price facts, translated routes and pages, the last search page, the
 * barcode check digit and the camera scanner without BarcodeDetector, the category tree, the
 * offers API's facets, page chunks that fail to load, translated specification names, a price
 * held back as implausible (ADR 146).
 */
describe('honest prices and the audit’s gaps in a browser', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let site: string;
  let products: ProductHit[];

  const api = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${site}${path}`);
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return (await response.json()) as T;
  };
  const offersOf = async (productId: string, query = '') =>
    (await api<{ data: OfferJson[] }>(`/api/products/${productId}/offers?locale=en-ch&hitsPerPage=100${query}`)).data;
  /** The first seeded product that `test` accepts, with what it found. */
  async function findProduct<T>(
    test: (product: ProductHit) => Promise<T | null>,
  ): Promise<{ product: ProductHit; found: T }> {
    for (const product of products) {
      const found = await test(product);
      if (found !== null) return { product, found };
    }
    throw new Error('no seeded product fits');
  }
  async function open(path: string): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${site}${path}`, { waitUntil: 'networkidle' });
    return { page, errors };
  }

  beforeAll(async () => {
    platform = await startSeededPlatform();
    site = platform.siteUrl;
    products = (
      await api<{ data: ProductHit[] }>('/api/products?locale=en-ch&sort=rank&hitsPerPage=100&with_offers=true')
    ).data;
    browser = await launchBrowser();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    if (platform && platform.process.exitCode === null) await platform.interrupt();
  });

  it('sorts offers by total: an offer whose shipping makes it dearer moves down, each row shows its total and parts', async () => {
    const { product } = await findProduct(async (p) => {
      const [byTotal, byItem] = await Promise.all([
        offersOf(p.id, '&sort=cheapest'),
        offersOf(p.id, '&sort=item-price'),
      ]);
      return byTotal.map((o) => o.identifier).join() !== byItem.map((o) => o.identifier).join() ? byTotal : null;
    });
    const { page, errors } = await open(product.route);
    await page.locator('#pricing').scrollIntoViewIfNeeded();
    await screenshot(page, 'offers-total-with-shipping');
    const rows = await page.locator('.offer-list .offer-row .offer-price').evaluateAll((prices) =>
      prices.map((price) => ({
        main: Number(price.querySelector('data')?.getAttribute('value')),
        total: price.querySelector('.offer-total') !== null,
        parts: price.querySelector('.offer-parts')?.textContent ?? '',
      })),
    );
    const known = rows.filter((row) => row.total);
    expect(known.length).toBeGreaterThan(0);
    expect(known.map((row) => row.main)).toEqual([...known.map((row) => row.main)].sort((a, b) => a - b));
    // Unknown totals come after every known one.
    expect(
      rows.findIndex((row) => !row.total) === -1 ||
        rows.slice(rows.findIndex((row) => !row.total)).every((row) => !row.total),
    ).toBe(true);
    // Prices carry a no-break space between currency and amount.
    expect(known.some((row) => /\+ CHF\s.*shipping|free shipping/.test(row.parts))).toBe(true);
    // The item-price order puts a dearer total first.
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('sort=item-price')),
      page.selectOption('#pricing select[name=sort]', 'item-price'),
    ]);
    const itemPrices = await until(
      () => page.locator('.offer-list .offer-parts').allInnerTexts(),
      (texts) => texts.length === rows.length && texts.join() !== rows.map((row) => row.parts).join(),
    );
    expect(itemPrices.join()).not.toBe(rows.map((row) => row.parts).join());
    expect(errors).toEqual([]);
  });

  it('never strikes through a list price the shop was not seen charging, and flags it', async () => {
    const { product, found } = await findProduct(
      async (p) => (await offersOf(p.id)).find((o) => o.listPriceCheck === 'not_seen' && o.originalPrice) ?? null,
    );
    const { page, errors } = await open(product.route);
    const row = page.locator(`.offer-row:has(.offer-flag[data-flag=not_seen])`).first();
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'offer-fake-list-price');
    expect(plain(await row.locator('.offer-flag').innerText())).toMatch(/^List price CHF .* not seen in 30 days$/);
    const struck = await row.locator('s').allInnerTexts();
    const listText = (found.originalPrice?.amount ?? 0) / 100;
    expect(struck.some((text) => text.replace(/[^\d.]/g, '').includes(listText.toFixed(2)))).toBe(false);
    expect(errors).toEqual([]);
  });

  it('shows true "was" prices from the history, and the lowest prices of 30 days and ever with their days', async () => {
    const { product, found } = await findProduct(
      async (p) =>
        (await offersOf(p.id)).find((o) => o.wasPrice && o.price && o.wasPrice.amount > o.price.amount) ?? null,
    );
    const { page, errors } = await open(product.route);
    expect(plain(await page.locator('.fact-lowest-30').innerText())).toMatch(
      /^Lowest in 30 days: CHF [\d’'.]+ on \d{1,2} \w{3} \d{4}$/,
    );
    expect(plain(await page.locator('.fact-lowest-ever').innerText())).toMatch(
      /^Lowest ever: CHF [\d’'.]+ on \d{1,2} \w{3} \d{4}$/,
    );
    await screenshot(page, 'product-price-facts');
    const was = page.locator('.offer-row .offer-was').first();
    expect(await was.innerText()).toContain('lowest price in the 30 days before');
    expect(found.wasPrice?.amount).toBeGreaterThan(found.price?.amount ?? 0);
    expect(errors).toEqual([]);
  });

  it('estimates the landed price from Germany for a visitor in Switzerland, with the assumptions one click away', async () => {
    const { product } = await findProduct(async (p) => {
      const html = await (await fetch(`${site}${p.route}`)).text();
      return html.includes('data-country="DE"') ? true : null;
    });
    const { page, errors } = await open(product.route);
    const germany = page.locator('.abroad li[data-country=DE]');
    expect(plain(await germany.locator('.abroad-landed').innerText())).toMatch(/about CHF [\d’'.]+ delivered to you/);
    await germany.locator('summary').click();
    expect(await germany.locator('details').getAttribute('open')).not.toBeNull();
    const parts = (await germany.locator('dl dt').allInnerTexts()).map(plain);
    expect(parts).toEqual([
      'Price without the VAT of Germany',
      expect.stringMatching(/^Shipping/),
      expect.stringMatching(/^Customs duty/),
      'VAT of Switzerland (8.1 %)',
      'Carrier’s customs clearance fee',
      'Estimated total',
    ]);
    const rules = (await germany.locator('.landed-rules li').allInnerTexts()).join(' ');
    expect(rules).toContain('Switzerland charges no customs duty on industrial goods since 2024.');
    expect(rules).toMatch(/Swiss import VAT (is not levied when it is CHF 5 or less|of 8.1 % is charged)/);
    await germany.scrollIntoViewIfNeeded();
    await screenshot(page, 'landed-price-ch-from-de');
    // Without JavaScript the details open too (a plain details element).
    const withoutScript = await launchBrowser({ javaScriptEnabled: false });
    try {
      const nojs = await withoutScript.context.newPage();
      await nojs.goto(`${site}${product.route}`);
      await nojs.locator('.abroad li[data-country=DE] summary').click();
      expect(await nojs.locator('.abroad li[data-country=DE] dl').isVisible()).toBe(true);
    } finally {
      await withoutScript.close();
    }
    expect(errors).toEqual([]);
  });

  it('answers the translated products words and the careers, advertise and register-shop pages', async () => {
    const slug = products[0]?.route.split('/').pop() ?? '';
    for (const path of [
      '/de/produkte',
      `/de/produkte/${slug}`,
      '/fr/produits',
      `/fr-ch/produits/${slug}`,
      '/en-ch/careers',
      '/de/karriere',
      '/fr/carrieres',
      '/en-ch/advertise',
      '/de-ch/werben',
      '/fr-ch/publicite',
      '/en-ch/register-shop',
      '/de/shop-registrieren',
      '/fr/inscrire-une-boutique',
    ]) {
      expect({ path, status: (await fetch(`${site}${path}`)).status }).toEqual({ path, status: 200 });
    }
    const { page, errors } = await open('/de-ch/shop-registrieren');
    expect(await page.locator('h1').first().innerText()).toBe('Shop registrieren');
    expect(await page.locator('article.prose a[href="/de-ch/register"]').count()).toBe(1);
    await screenshot(page, 'register-shop');
    expect(errors).toEqual([]);
  });

  it('says nothing of more results on a server-rendered last page', async () => {
    const total = (await api<{ meta: { total: number } }>('/api/products?locale=en-ch&search=&hitsPerPage=20')).meta
      .total;
    const last = Math.ceil(total / 20);
    expect(last).toBeGreaterThan(1);
    const { page, errors } = await open(`/en-ch/search?search=&page=${last}`);
    expect(await page.locator('.product-grid > li').count()).toBe(total - (last - 1) * 20);
    expect(await page.getByRole('button', { name: 'More results' }).count()).toBe(0);
    const { page: before } = await open(`/en-ch/search?search=&page=${last - 1}`);
    expect(await before.getByRole('button', { name: 'More results' }).count()).toBe(1);
    await screenshot(page, 'search-last-page');
    expect(errors).toEqual([]);
  });

  it('tells a barcode with a wrong check digit, and scans with ZXing where the browser has no BarcodeDetector', async () => {
    const wrong = await fetch(`${site}/en-ch/search/barcode?gtin=4006381333932`);
    expect(wrong.status).toBe(200);
    const { page } = await open('/en-ch/search/barcode?gtin=4006381333932');
    expect(await page.locator('.field-error').innerText()).toBe(
      'The last digit of this barcode does not match the others: please check the number.',
    );
    await screenshot(page, 'barcode-check-digit');

    const product = await api<{ data: { gtin: string | null; name: string } }>(
      `/api/products/${products[0]?.id}?locale=en-ch`,
    );
    const raw = product.data.gtin ?? '';
    const gtin = raw.length === 14 ? raw.slice(1) : raw;
    expect(gtin).toMatch(/^\d{13}$/);
    const video = join(mkdtempSync(join(tmpdir(), 'pc-barcode-')), 'barcode.y4m');
    writeBarcodeVideo(video, gtin);
    const camera = await launchBrowser({
      args: [
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const scanner = await camera.context.newPage();
      const errors = watchErrors(scanner);
      await scanner.goto(`${site}/en-ch/search/barcode`, { waitUntil: 'networkidle' });
      expect(await scanner.evaluate(() => 'BarcodeDetector' in window)).toBe(false);
      const chunks: string[] = [];
      scanner.on('request', (request) => chunks.push(request.url()));
      await scanner.getByRole('button', { name: 'Scan with the camera' }).click();
      await scanner.waitForURL(/\/en-ch\/products\//, { timeout: 60_000 });
      await scanner.locator('h1', { hasText: product.data.name }).waitFor();
      expect(chunks.some((url) => /\/assets\/.*\.js$/.test(url))).toBe(true); // the decoder, loaded on use
      await screenshot(scanner, 'barcode-scanned');
      expect(errors).toEqual([]);
    } finally {
      await camera.close();
    }
  }, 120_000);

  it('shows the categories as a tree, each once, named in the page language', async () => {
    const tree = async (path: string) => {
      const { page } = await open(path);
      const names = await page.locator('.category-tree a').allInnerTexts();
      const hrefs = await page
        .locator('.category-tree a')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      return { page, names, hrefs };
    };
    const english = await tree('/en-ch/categories');
    expect(english.names.length).toBeGreaterThan(10);
    expect(new Set(english.hrefs).size).toBe(english.hrefs.length);
    expect(await english.page.locator('.category-tree > li > ul').count()).toBeGreaterThan(0);
    expect(english.names).toContain('Electronics');
    await screenshot(english.page, 'categories-tree');
    const german = await tree('/de-ch/categories');
    expect(german.names).toContain('Elektronik');
    expect(german.names).not.toContain('Electronics');
    expect(german.hrefs.length).toBe(english.hrefs.length);
    await screenshot(german.page, 'categories-tree-de');
  });

  it('answers /api/offers with the facets of spec §7: country, product, in_stock', async () => {
    const id = products[0]?.id ?? '';
    const answer = await api<{ meta: { facets: Record<string, { values: { value: string; count: number }[] }> } }>(
      `/api/offers?locale=en-ch&refinements[product]=${id}&facets=country,product,in_stock`,
    );
    expect(Object.keys(answer.meta.facets).sort()).toEqual(['country', 'in_stock', 'product']);
    expect(answer.meta.facets.product?.values[0]?.value).toBe(id);
  });

  it('reloads the page once when a page chunk fails to load (vite:preloadError)', async () => {
    const { page } = await open(products[0]?.route ?? '/en-ch');
    const reloaded = page.waitForEvent('load');
    const prevented = await page.evaluate(() => {
      const event = new Event('vite:preloadError', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(prevented).toBe(true);
    await reloaded;
    // Right after, a second failure is let through to the error boundary instead of reloading again.
    expect(
      await page.evaluate(() => {
        const event = new Event('vite:preloadError', { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      }),
    ).toBe(false);
  });

  it('names the attributes of specification tables in the page language', async () => {
    const { product } = await findProduct(async (p) => {
      const html = await (await fetch(`${site}${p.route}`)).text();
      return html.includes('<dt>Weight</dt>') ? true : null;
    });
    const { page, errors } = await open(product.route.replace('/en-ch/', '/de-ch/'));
    const names = await page.locator('.features dt').allInnerTexts();
    expect(names).toContain('Gewicht');
    expect(names).not.toContain('Weight');
    await page.locator('#features-heading').scrollIntoViewIfNeeded();
    await screenshot(page, 'features-de');
    expect(errors).toEqual([]);
  });

  it('lists a price held as implausible last, marked "Price being checked", and never states it as the lowest', async () => {
    // Three shops ask CHF 289, 299 and 309 for a new product, one CHF 2.99 (cents read as francs).
    const ingest = platformIngest(platform);
    const held = await seedHeldPrice(ingest).finally(() => ingest.close());
    const { page, errors } = await open(`/en-ch/products/${held.productId}`);
    const rows = page.locator('.offer-list .offer-row');
    expect(await rows.count()).toBe(4);
    const last = rows.last();
    expect(await last.getAttribute('data-price-hold')).toBe('implausibly_low');
    expect(await last.locator('.offer-shop strong').innerText()).toBe(held.heldShopName);
    expect(plain(await last.locator('.offer-price').innerText())).toContain('CHF 2.99');
    expect(await last.locator('.offer-hold').innerText()).toBe('Price being checked');
    expect(plain(await last.locator('.offer-hold-note').innerText())).toBe(
      'This price is far below the other shops’ (typically CHF 299.00) and is being checked; it does not count as the lowest price.',
    );
    // Only that row is held; the first is the cheapest price that counts.
    expect(await page.locator('.offer-list .offer-hold').count()).toBe(1);
    expect(plain(await rows.first().locator('.offer-price').innerText())).toContain('CHF 289.00');
    // The page's lowest price ("from") is CHF 289.00 of the three offers that count.
    const head = plain(await page.locator('.head-price').innerText());
    expect(head).toMatch(/^from CHF 289\.00 3 offers$/);
    expect(head).not.toContain('2.99');
    await last.scrollIntoViewIfNeeded();
    await screenshot(page, 'offer-held-price');
    expect(errors).toEqual([]);
  });
});
