import type { Page } from 'playwright-core';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { createServiceClient } from '@pc/kit/grpc/client';
import { CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import type { RunningPlatform } from '../../scripts/e2e/platform-process';
import { accessibilityViolations } from './support/axe';
import { launchBrowser, watchErrors, type Browser } from './support/browser';
import { logInOnPage, register } from './scenarios/account-journeys';
import { sampleData, screenshot, startSeededPlatform, type SampleData } from './support/site';
import {
  historyRange,
  lazyReviews,
  loginForm,
  paginationOnFirstPage,
  rememberedProduct,
  themeAfterReload,
} from './scenarios/behaviour';
import { homeToProduct, offerRows } from './scenarios/journeys';
import { everyRoute, WALK_LANGUAGES } from './scenarios/routes';
import { until } from './support/until';

/** A text for a regular expression, as written. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface ProductLd {
  inProductGroupWithID?: string;
  isVariantOf?: { productGroupID?: string; hasVariant?: { name: string; url: string; offers?: object }[] };
}

/** The page's schema.org Product (its JSON-LD scripts hold breadcrumbs and the like too). */
async function productJsonLd(page: Page): Promise<ProductLd> {
  const blocks = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((els) => els.map((el) => el.textContent ?? ''));
  const product = blocks
    .map((text) => JSON.parse(text) as { '@type'?: string })
    .find((block) => block['@type'] === 'Product');
  if (!product) throw new Error('the page has no schema.org Product');
  return product as ProductLd;
}

/**
 * The storefront in Debian's Chromium against `npm start` (seeded): what a visitor does and
 * sees, accessibility, and every route in every language.
 */
describe('storefront in a browser', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let data: SampleData;
  let site: string;

  beforeAll(async () => {
    platform = await startSeededPlatform();
    site = platform.siteUrl;
    data = await sampleData(site);
    browser = await launchBrowser();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    closeAllChannels();
    if (platform && platform.process.exitCode === null) await platform.interrupt();
  });

  async function open(path: string): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${site}${path}`, { waitUntil: 'networkidle' });
    return { page, errors };
  }

  it('serves products and offers in the server HTML, for visitors without JavaScript', async () => {
    const html = await (await fetch(`${site}${data.product.route}`)).text();
    expect(html).toContain(`<h1>${data.product.name.replace(/&/g, '&amp;')}</h1>`);
    expect(html).toMatch(/class="offer-row"/);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}') as {
      offers?: Record<string, unknown>;
    };
    expect(jsonLd.offers).toMatchObject({
      '@type': 'AggregateOffer',
      priceCurrency: 'CHF',
      offerCount: expect.any(Number),
    });
    expect(Number(jsonLd.offers?.lowPrice)).toBeLessThanOrEqual(Number(jsonLd.offers?.highPrice));
    // The shared micro-cache serves the next visitor, but never a request with a session cookie.
    expect((await fetch(`${site}${data.product.route}`)).headers.get('x-cache')).toBe('hit');
    expect(
      (await fetch(`${site}${data.product.route}`, { headers: { cookie: 'session=abc' } })).headers.get('x-cache'),
    ).toBeNull();
  });

  it('browses home → category → product, filters offers, shows all and visits the shop', async () => {
    const { page, errors } = await open('/en-ch');
    await screenshot(page, 'home');
    await homeToProduct(page, site);
    await page.goto(`${site}${data.product.route}`, { waitUntil: 'networkidle' });
    await screenshot(page, 'product');
    const home = await offerRows(page).count();
    expect(home).toBeGreaterThan(0);
    // Every country: at least as many offers; then in stock only: none out of stock.
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/offers?')),
      page.selectOption('#pricing select[name=country]', '*'),
    ]);
    expect(
      await until(
        () => offerRows(page).count(),
        (n) => n >= Math.min(home, 10),
      ),
    ).toBeGreaterThanOrEqual(Math.min(home, 10));
    const showAll = page.locator('#pricing .show-all');
    if (await showAll.isVisible()) {
      expect(await offerRows(page).count()).toBe(10);
      await showAll.click();
      expect(await offerRows(page).count()).toBeGreaterThan(10);
    }
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('in_stock')),
      page.check('#pricing input[name=in_stock]'),
    ]);
    const availability = await until(
      () => offerRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-availability'))),
      (all) => !all.some((a) => a === 'out_of_stock' || a === 'sold_out'),
    );
    expect(availability.filter((a) => a === 'out_of_stock' || a === 'sold_out')).toEqual([]);
    // Follow the click-out as far as the redirect, then check where it points: the shop's page
    // on its demo site (http://127.10.x.y:port/… locally), which the crawler read the offer from.
    const visit = page.getByRole('link', { name: 'Visit shop' });
    const href = (await visit.getAttribute('href')) ?? '';
    // The click-out link names the product, beside where on the site the click came from.
    expect(href).toMatch(/^\/goto\/[\w-]+\?/);
    expect(new URL(href, 'http://site.invalid').searchParams.get('product')).toBeTruthy();
    const [clickOut] = await Promise.all([
      browser.context.waitForEvent('request', (r) => r.url().includes('/goto/')),
      visit.click(),
    ]);
    expect(new URL(clickOut.url()).pathname).toBe(href.split('?')[0]);
    const redirect = await fetch(`${site}${href}`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toMatch(/^http:\/\/127\.10\.\d+\.\d+:\d+\//);
    expect(new URL(redirect.headers.get('location') ?? '').host).not.toBe(new URL(site).host);
    expect(errors).toEqual([]);
  });

  it('searches with facets (debounced), sort and paging', async () => {
    const { page, errors } = await open('/en-ch/search?search=');
    const count = () => page.locator('.results-count').innerText();
    const before = await count();
    const started = Date.now();
    const answer = page.waitForResponse((r) => r.url().includes('/api/products') && r.url().includes('brand'));
    await page.locator('fieldset:has(legend:text-is("Brand")) input[type=checkbox]').first().check();
    await answer;
    expect(Date.now() - started).toBeGreaterThanOrEqual(900); // refinements wait 1000 ms
    expect(page.url()).toContain('refinements%5Bbrand%5D=');
    expect(await until(count, (now) => now !== before)).not.toBe(before);
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('sort=cheapest')),
      page.selectOption('select[name=sort]', 'cheapest'),
    ]);
    const sorted = (values: number[]) => values.every((v, i) => i === 0 || (values[i - 1] ?? 0) <= v);
    const prices = await until(
      () =>
        page
          .locator('.product-grid .card-price data')
          .evaluateAll((els) => els.map((e) => Number(e.getAttribute('value')))),
      sorted,
    );
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    await page.goto(`${site}/en-ch/search?search=`, { waitUntil: 'networkidle' });
    const first = await page.locator('.product-grid > li').count();
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('page=2')),
      page.getByRole('button', { name: 'More results' }).click(),
    ]);
    expect(
      await until(
        () => page.locator('.product-grid > li').count(),
        (n) => n === first * 2,
      ),
    ).toBe(first * 2);
    await screenshot(page, 'search');
    expect(errors).toEqual([]);
  });

  it('suggests products while typing in the masthead, and the arrow keys and Enter follow one', async () => {
    const { page, errors } = await open('/en-ch');
    const box = page.getByRole('combobox', { name: 'Search the site' });
    // The product's own first words: the product matches them.
    const typed = data.product.name.split(' ').slice(0, 3).join(' ');
    await box.pressSequentially(typed.slice(0, -1), { delay: 30 });
    const answered = page.waitForResponse((r) => r.url().includes('/api/suggest?q='));
    await box.press(typed.slice(-1));
    expect((await answered).status()).toBe(200);
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await list.waitFor();
    await expect(box.getAttribute('aria-expanded')).resolves.toBe('true');
    // The product's option (its kind named beside it).
    const options = list.getByRole('option');
    const at = await until(
      async () =>
        (await options.allInnerTexts()).findIndex(
          (text) => text.startsWith(data.product.name) && /Product$/.test(text),
        ),
      (index) => index >= 0,
    );
    expect(at).toBeGreaterThanOrEqual(0);
    await screenshot(page, 'search-suggestions');
    for (let i = 0; i <= at; i += 1) await box.press('ArrowDown');
    await expect(options.nth(at).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(box.getAttribute('aria-activedescendant')).resolves.toBe(await options.nth(at).getAttribute('id'));
    await Promise.all([page.waitForURL((url) => url.pathname === data.product.route), box.press('Enter')]);
    await page.getByRole('heading', { level: 1, name: data.product.name }).waitFor();
    await expect(list.isHidden()).resolves.toBe(true);
    // Escape closes the list.
    await box.fill('');
    await box.pressSequentially(typed, { delay: 30 });
    await list.waitFor();
    await box.press('Escape');
    await expect(list.isHidden()).resolves.toBe(true);
    expect(errors).toEqual([]);
  });

  it('counts a visitor’s search for "most searched" once a day, from a cached page too, never a headless browser’s', async () => {
    const query = data.product.name.split(' ').find((word) => /^[A-Za-z]{3,}$/.test(word)) ?? data.brand;
    const path = `/en-ch/search?search=${encodeURIComponent(query)}`;
    const mostSearched = async () => {
      // Past the micro-cache: the home page as it is now.
      const html = await (await fetch(`${site}/en-ch`, { headers: { 'cache-control': 'no-cache' } })).text();
      return /id="searched-heading"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? '';
    };
    // The page is in the micro-cache: what the visitors below see comes from it.
    await fetch(`${site}${path}`);
    expect((await fetch(`${site}${path}`)).headers.get('x-cache')).toBe('hit');
    const counted = async (userAgent?: string) => {
      const page = await browser.context.newPage();
      if (userAgent) await page.setExtraHTTPHeaders({ 'user-agent': userAgent });
      const told = page.waitForResponse((r) => r.url().endsWith('/api/searches') && r.request().method() === 'POST');
      await page.goto(`${site}${path}`, { waitUntil: 'networkidle' });
      const answer = (await (await told).json()) as { data: { counted: boolean } };
      await page.close();
      return answer.data.counted;
    };
    expect(await counted()).toBe(false); // headless Chromium says so in its user agent: a bot
    const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
    expect(await counted(chrome)).toBe(true); // a page from the cache, shown to a visitor
    expect(await counted(chrome)).toBe(false); // the same visitor the same day
    expect(await until(mostSearched, (html) => html.includes(`>${query.toLowerCase()}</a>`), 20_000)).toContain(
      `>${query.toLowerCase()}</a>`,
    );
  });

  it('switches the region in the modal and keeps the page', async () => {
    const { page, errors } = await open(data.product.route);
    await page.locator('.masthead .region-button').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Country').selectOption('de');
    await dialog.getByLabel('Language').selectOption('de');
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/de/'));
    expect(new URL(page.url()).pathname).toBe(data.product.route.replace('/en-ch/', '/de/'));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de-DE');
    expect(
      await until(
        () => page.locator('#offers-heading').innerText(),
        (text) => text === 'Angebote',
      ),
    ).toBe('Angebote');
    expect(errors).toEqual([]);
  });

  it('answers unknown paths with the not-found page', async () => {
    for (const path of ['/en-ch/no/such/page', '/xx-yy', '/en-ch/products/nothing-pzzzz']) {
      const response = await fetch(`${site}${path}`);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expect(await response.text()).toContain('Page not found');
    }
    const { page } = await open('/en-ch/no/such/page');
    await screenshot(page, 'not-found');
  });

  it('has five tabs on a phone, and tapping the active tab scrolls to the top', async () => {
    const phone = await launchBrowser({ viewport: { width: 390, height: 844 }, isMobile: true });
    try {
      const page = await phone.context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${site}/en-ch`, { waitUntil: 'networkidle' });
      const tabs = page.locator('.tab-bar a');
      expect(
        await until(
          () => tabs.count(),
          (n) => n === 5,
        ),
      ).toBe(5);
      expect(await tabs.evaluateAll((links) => links.every((l) => (l as HTMLElement).offsetHeight > 0))).toBe(true);
      await screenshot(page, 'home-mobile');
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.locator('.tab-bar a[aria-current="page"]').click();
      expect(
        await until(
          () => page.evaluate(() => window.scrollY),
          (y) => y === 0,
        ),
      ).toBe(0);
      await tabs.nth(1).click();
      await page.waitForURL(/\/en-ch\/search/);
      // Nothing wider than the phone: no sideways scrolling on the main pages.
      for (const path of [
        '/en-ch',
        '/de-ch',
        data.product.route.replace('/en-ch/', '/de-ch/'),
        '/de-ch/search?search=a',
      ]) {
        await page.goto(`${site}${path}`, { waitUntil: 'networkidle' });
        expect({ path, width: await page.evaluate(() => document.documentElement.scrollWidth) }).toEqual({
          path,
          width: 390,
        });
      }
      expect(errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('passes axe (WCAG 2 A/AA) on the key pages, in light and dark', async () => {
    const pages = [
      '/en-ch',
      `/en-ch/categories/${data.category}`,
      data.product.route,
      '/en-ch/search?search=a',
      '/de-ch/ueber-uns/unternehmen',
      '/en-ch/login',
    ];
    for (const theme of ['light', 'dark'] as const) {
      for (const path of pages) {
        const page = await browser.context.newPage();
        await page.emulateMedia({ colorScheme: theme });
        await page.goto(`${site}${path}`, { waitUntil: 'networkidle' });
        expect({ path, theme, violations: await accessibilityViolations(page) }).toEqual({
          path,
          theme,
          violations: [],
        });
        if (path === data.product.route && theme === 'dark') await screenshot(page, 'product-dark');
        await page.close();
      }
    }
  }, 240_000);

  it('compares two products picked on a category page: from the tray, only the differences, one removed', async () => {
    const categoryPath = `/en-ch/categories/${data.category}`;
    // Without JavaScript there is nothing to pick: the toggles come with the script.
    expect(await (await fetch(`${site}${categoryPath}`)).text()).not.toContain('compare-toggle');
    const { page, errors } = await open(categoryPath);
    try {
      const cards = page.locator('.product-grid .product-card');
      const names = await cards.locator('h3').allInnerTexts();
      const brands = await cards.evaluateAll((all) =>
        all.map((card) => card.querySelector('.brand-name')?.textContent),
      );
      // Two products of one brand: their Brand row is the same, and goes with "Show only differences".
      const second = brands.findIndex((brand, i) => brand && brands.indexOf(brand) !== i);
      const first = brands.indexOf(brands[second]);
      expect(first).toBeGreaterThanOrEqual(0);
      const [a, b] = [names[first] ?? '', names[second] ?? ''];
      const toggle = (i: number) => cards.nth(i).locator('button.compare-toggle');
      await toggle(first).click();
      await expect(toggle(first).getAttribute('aria-pressed')).resolves.toBe('true');
      const tray = page.getByRole('region', { name: 'Products to compare' });
      await tray.waitFor();
      // One product: the tray asks for another, its Compare button not yet enabled.
      await expect(tray.getByRole('button', { name: 'Compare (1)' }).isDisabled()).resolves.toBe(true);
      await expect(tray.getByRole('status').innerText()).resolves.toBe('Pick one more product to compare.');
      expect(await accessibilityViolations(page)).toEqual([]);
      await toggle(second).click();
      expect(await tray.locator('.compare-tray-name').allInnerTexts()).toEqual([a, b]);
      await Promise.all([
        page.waitForURL((url) => url.pathname === '/en-ch/compare'),
        tray.getByRole('link', { name: 'Compare (2)' }).click(),
      ]);

      // Both products as column headers, the overview, and a specification row both have.
      const table = page.getByRole('table');
      await expect(table.locator('caption').innerText()).resolves.toBe(`${a} and ${b} side by side`);
      const columns = table.locator('thead th[scope=col]');
      expect(await columns.locator('.compare-product').allInnerTexts()).toEqual([a, b]);
      const rowNames = () => table.locator('tbody th[scope=row]').allInnerTexts();
      expect((await rowNames()).slice(0, 3)).toEqual(['Brand', 'Rating', 'Lowest price']);
      const partNumbers = await table.locator('tr:has(th[scope=row]:text-is("Part number")) td').allInnerTexts();
      expect(partNumbers).toHaveLength(2);
      expect(partNumbers.every((value) => value !== '' && !value.includes('—'))).toBe(true);
      expect(await page.locator('meta[name=robots]').getAttribute('content')).toBe('noindex');
      await expect(page.title()).resolves.toBe(`Compare ${a} and ${b} · pricecompare`);
      // The tray does not cover the comparison it leads to.
      await expect(page.locator('.compare-tray').count()).resolves.toBe(0);
      expect(await accessibilityViolations(page)).toEqual([]);
      await screenshot(page, 'compare');

      // Only the differences: the rows whose values are the same for both products go.
      const rows = table.locator('tbody tr:has(th[scope=row])');
      const before = await rows.count();
      await Promise.all([
        page.waitForURL((url) => url.searchParams.get('diff') === '1'),
        page.getByRole('link', { name: 'Show only differences' }).click(),
      ]);
      await page.getByRole('link', { name: 'Show all rows' }).waitFor();
      expect(await rowNames()).not.toContain('Brand');
      expect(await rows.count()).toBeLessThan(before);
      expect(await rows.evaluateAll((all) => all.every((row) => row.classList.contains('differs')))).toBe(true);

      // Remove the first: the same page without it, which asks for another product.
      await Promise.all([
        page.waitForURL((url) => url.searchParams.get('products')?.split(',').length === 1),
        columns
          .first()
          .getByRole('link', { name: `Remove ${a} from the comparison` })
          .click(),
      ]);
      await expect(page.locator('main .notice').innerText()).resolves.toBe(
        'Pick 2 to 4 products to compare them side by side: press “Compare” on each, then “Compare” in the bar at the bottom of the page.',
      );

      // Back on the category page only the second is picked; four are the most, a fifth is refused.
      // The list read again may be in another order (popularity moves): cards are found by name,
      // the new picks among those the page shows now.
      await page.goto(`${site}${categoryPath}`, { waitUntil: 'networkidle' });
      const named = (name = '') =>
        cards
          .filter({ has: page.getByRole('heading', { name, exact: true }) })
          .first()
          .locator('button.compare-toggle');
      const shown = await cards.locator('h3').allInnerTexts();
      if (shown.includes(a)) await expect(named(a).getAttribute('aria-pressed')).resolves.toBe('false');
      const [c = '', d = '', f = '', e = ''] = shown.filter((name) => name !== b);
      for (const name of [c, d, f]) await named(name).click();
      const picked = [b, c, d, f];
      expect(await tray.locator('.compare-tray-name').allInnerTexts()).toEqual(picked);
      await named(e).click();
      await expect(tray.getByRole('status').innerText()).resolves.toBe(
        'You can compare up to 4 products: remove one first.',
      );
      await expect(named(e).getAttribute('aria-pressed')).resolves.toBe('false');
      expect(await tray.locator('.compare-tray-name').allInnerTexts()).toEqual(picked);
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.evaluate(() => localStorage.removeItem('compare-products'));
      await page.close();
    }
  });

  it('keeps a signed-in visitor’s compare picks in the account: they follow them to another browser, and two open pages merge their changes', async () => {
    const categoryPath = `/en-ch/categories/${data.category}`;
    const email = 'compare.picks@example.test';
    const [laptop, phone] = [await launchBrowser(), await launchBrowser()];
    try {
      const page = await laptop.context.newPage();
      const errors = watchErrors(page);
      // What the account's picks answered each page, for a failure to say.
      const answers: string[] = [];
      const recordAnswers = (at: typeof page, name: string) =>
        at.on('response', (r) => {
          if (r.url().includes('/api/compare-picks')) answers.push(`${name}: ${r.request().method()} ${r.status()}`);
        });
      const explained = (error: Error) => {
        throw new Error(`${error.message}\nthe account's picks answered: ${answers.join(', ') || 'nothing'}`);
      };
      recordAnswers(page, 'laptop');
      await page.goto(`${site}${categoryPath}`, { waitUntil: 'networkidle' });
      // Cards are found by name: the list's popularity order may move between two reads of it.
      const toggleOf = (at: typeof page, name: string) =>
        at
          .locator('.product-grid .product-card')
          .filter({ has: at.getByRole('heading', { name, exact: true }) })
          .first()
          .locator('button.compare-toggle');
      const cardNames = (at: typeof page) => at.locator('.product-grid .product-card h3').allInnerTexts();
      const [first = ''] = await cardNames(page);
      const tray = page.getByRole('region', { name: 'Products to compare' });
      // Picked before signing up: signing in brings it into the account.
      await toggleOf(page, first).click();
      await register(page, site, 'Compare Picker', email);
      await page.goto(`${site}${categoryPath}`, { waitUntil: 'networkidle' });
      const [second = '', third = '', fourth = ''] = (await cardNames(page)).filter((name) => name !== first);
      expect(await tray.locator('.compare-tray-name').allInnerTexts()).toEqual([first]);
      // A list of `count` written (not a refused one, nor the merge on load's of the first alone).
      const picksWritten = (at: typeof page, count: number) =>
        at
          .waitForResponse(
            (r) =>
              r.url().includes('/api/compare-picks') &&
              r.request().method() === 'PUT' &&
              r.ok() &&
              (JSON.parse(r.request().postData() ?? '{}') as { product_ids?: unknown[] }).product_ids?.length === count,
          )
          .catch(explained);
      await Promise.all([picksWritten(page, 2), toggleOf(page, second).click()]);

      const other = await phone.context.newPage();
      const otherErrors = watchErrors(other);
      expect(await logInOnPage(other, site, email, 'secret-pass')).toBeLessThan(400);
      await other.waitForURL((url) => !url.pathname.endsWith('/login'));
      recordAnswers(other, 'phone');
      await other.goto(`${site}${categoryPath}`, { waitUntil: 'networkidle' });
      const otherTray = other.getByRole('region', { name: 'Products to compare' });
      await otherTray.waitFor().catch(explained);
      expect(await otherTray.locator('.compare-tray-name').allInnerTexts()).toEqual([first, second]);
      expect(await other.locator('.product-grid .product-card button.compare-toggle[aria-pressed=true]').count()).toBe(
        2,
      );

      // Both pages stay open. The phone adds a third; the laptop, which has not seen it, a fourth:
      // its write at the older revision is refused (409), so it reads the list again and merges.
      await Promise.all([picksWritten(other, 3), toggleOf(other, third).click()]);
      const refused = page.waitForResponse((r) => r.url().includes('/api/compare-picks') && r.status() === 409);
      await Promise.all([refused, picksWritten(page, 4), toggleOf(page, fourth).click()]);
      expect(await tray.locator('.compare-tray-name').allInnerTexts()).toEqual([first, second, third, fourth]);
      await other.reload({ waitUntil: 'networkidle' });
      await otherTray.waitFor();
      expect(await otherTray.locator('.compare-tray-name').allInnerTexts()).toEqual([first, second, third, fourth]);
      // Chromium reports the refused write the page answered by merging (and any call a busy
      // server answered with a 5xx, asked again), nothing else.
      const reported = [...errors, ...otherErrors].filter(
        (error) => !/^console: Failed to load resource: .* status of (5\d\d|429)\b/.test(error),
      );
      expect(new Set(reported)).toEqual(
        new Set(['console: Failed to load resource: the server responded with a status of 409 (Conflict)']),
      );
    } finally {
      await laptop.close();
      await phone.close();
    }
  });

  it('filters a category by a specification: ticked, the list narrows to it and a chip takes it back', async () => {
    // A category whose products search finds common specifications in (the seeded products' own first).
    const candidates = [data.product.category?.id, data.otherProduct.category?.id, data.category];
    let category = '';
    for (const id of candidates) {
      if (!id) continue;
      const answer = (await (
        await fetch(`${site}/api/products?locale=en-ch&category=${id}&facets=spec&hitsPerPage=1`)
      ).json()) as { meta: { facets: Record<string, { values: unknown[] }> } };
      if (Object.entries(answer.meta.facets).some(([name, f]) => name.startsWith('spec:') && f.values.length > 1)) {
        category = id;
        break;
      }
    }
    expect(category).not.toBe('');
    const path = `/en-ch/categories/${category}`;
    // Without JavaScript the panel is a GET form with its Apply button.
    const html = await (await fetch(`${site}${path}`)).text();
    expect(html).toMatch(/<section class="facets filters"[^>]*>[\s\S]*<form method="get"/);
    expect(html).toContain('<noscript><button type="submit">Apply</button></noscript>');

    const { page, errors } = await open(path);
    try {
      const total = async () =>
        Number(/\d+/.exec(await page.locator('#category-products-heading + .muted').innerText())?.[0] ?? 0);
      const before = await total();
      const first = page.locator('section.filters input[type=checkbox][name^="refinements[spec:"]').first();
      const [name, field] = [await first.getAttribute('name'), await first.getAttribute('value')];
      // The same box after the list changed (the specifications' order may change with it).
      const box = page.locator(
        `section.filters input[type=checkbox][name=${JSON.stringify(name)}][value=${JSON.stringify(field)}]`,
      );
      const label = box.locator('xpath=ancestor::label[1]');
      const legend = await box.locator('xpath=ancestor::fieldset[1]/legend').innerText();
      const value = (await label.locator('span').first().innerText()).trim();
      const count = Number(/\((\d+)\)/.exec(await label.innerText())?.[1]);
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThan(before);

      // Ticking submits the form (no Apply button with JavaScript): the URL names it, the list narrows.
      await Promise.all([
        page.waitForURL((url) => [...url.searchParams.keys()].some((key) => key.startsWith('refinements[spec:'))),
        box.check(),
      ]);
      expect(await until(total, (n) => n === count)).toBe(count);
      const cards = page.locator('section[aria-labelledby="category-products-heading"] .product-grid > li');
      expect(await cards.count()).toBeLessThanOrEqual(count);
      const chip = page.getByRole('link', { name: `Remove the filter ${legend}: ${value}` });
      await chip.waitFor();
      await expect(box.isChecked()).resolves.toBe(true);
      await screenshot(page, 'category-spec-filters');
      expect(await accessibilityViolations(page)).toEqual([]);

      // The chip takes the filter back: the whole category again, the box unticked.
      await Promise.all([
        page.waitForURL((url) => ![...url.searchParams.keys()].some((key) => key.startsWith('refinements['))),
        chip.click(),
      ]);
      expect(await until(total, (n) => n === before)).toBe(before);
      await expect(box.isChecked()).resolves.toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('filters a category by a from–to range of a numeric specification and by price: typed, applied, a chip takes it back', async () => {
    // A category with a numeric specification of four values or more (the seeded blenders' and toasters' power).
    interface SpecFacet {
      label?: string;
      numeric?: { unit: string };
      values: { count: number; number?: number }[];
    }
    const categories = (await (
      await fetch(`${site}/api/categories?locale=en-ch&hitsPerPage=50&sort=products`)
    ).json()) as { data: { id: string }[] };
    let found: { category: string; key: string; facet: SpecFacet } | undefined;
    for (const { id } of categories.data) {
      const answer = (await (
        await fetch(`${site}/api/products?locale=en-ch&category=${id}&facets=spec&hitsPerPage=1`)
      ).json()) as { meta: { facets: Record<string, SpecFacet> } };
      const numeric = Object.entries(answer.meta.facets).find(
        ([name, f]) => name.startsWith('spec:') && f.numeric && f.values.length >= 4,
      );
      if (numeric) {
        found = { category: id, key: numeric[0], facet: numeric[1] };
        break;
      }
    }
    if (!found) throw new Error('no seeded category has a numeric specification of four values');
    const { category, key, facet } = found;
    const numbers = facet.values.map((v) => v.number ?? 0);
    // From the second number to the last but one: the lowest and highest values' products go.
    const [from, to] = [numbers[1] ?? 0, numbers[numbers.length - 2] ?? 0];
    const inRange = facet.values.filter((v) => (v.number ?? 0) >= from && (v.number ?? 0) <= to);
    const expected = inRange.reduce((sum, v) => sum + v.count, 0);
    const path = `/en-ch/categories/${category}`;
    const field = (bound: 'min' | 'max') => `section.filters input[name=${JSON.stringify(`range[${key}][${bound}]`)}]`;

    // Bounds are typed as the page writes numbers (ADR 131): digit groups and its decimal mark.
    const typed = (n: number, tag: string) => new Intl.NumberFormat(tag, { maximumFractionDigits: 20 }).format(n);
    const shown = (n: number, tag: string) =>
      new Intl.NumberFormat(tag, { useGrouping: false, maximumFractionDigits: 20 }).format(n);

    // Without JavaScript the form's own fields filter the page, read in its number format (a French
    // page's decimal comma) and prefilled as it writes them.
    const query = new URLSearchParams([
      [`range[${key}][min]`, typed(from, 'fr-CH')],
      [`range[${key}][max]`, typed(to, 'fr-CH')],
    ]);
    const html = await (await fetch(`${site}/fr-ch/categories/${category}?${query}`)).text();
    expect(html).toMatch(new RegExp(`name="range\\[${key}\\]\\[min\\]"[^>]*value="${shown(from, 'fr-CH')}"`));
    expect(html).toContain(`name="refinements[${key}]" value="${from}..${to}"`);

    // The price range (ADR 134): from the cheapest product's next franc to the dearest one's last but one.
    const priced = (await (
      await fetch(`${site}/api/products?locale=en-ch&category=${category}&facets=price&hitsPerPage=1`)
    ).json()) as { meta: { facets: { price: { stats: { min: number; max: number } } } } };
    const { stats } = priced.meta.facets.price;
    const [lowFrancs, highFrancs] = [Math.floor(stats.min / 100) + 1, Math.ceil(stats.max / 100) - 1];
    const priceRange = `${lowFrancs * 100}..${highFrancs * 100}`;
    const inPrice = (await (
      await fetch(
        `${site}/api/products?locale=en-ch&category=${category}&refinements[price]=${priceRange}&hitsPerPage=1`,
      )
    ).json()) as { meta: { total: number } };
    const priceField = (bound: 'min' | 'max') => `section.filters input[name="range[price][${bound}]"]`;
    const priceQuery = new URLSearchParams([
      ['range[price][min]', typed(lowFrancs, 'fr-CH')],
      ['range[price][max]', typed(highFrancs, 'fr-CH')],
    ]);
    const priceHtml = await (await fetch(`${site}/fr-ch/categories/${category}?${priceQuery}`)).text();
    expect(priceHtml).toContain(`name="refinements[price]" value="${priceRange}"`);

    const { page, errors } = await open(path);
    try {
      const total = async () =>
        Number(/\d+/.exec(await page.locator('#category-products-heading + .muted').innerText())?.[0] ?? 0);
      const before = await total();
      expect(expected).toBeGreaterThan(0);
      expect(expected).toBeLessThan(before);
      await page.locator(field('min')).fill(typed(from, 'en-CH'));
      await page.locator(field('max')).fill(typed(to, 'en-CH'));
      // Typing loads nothing; Apply sends the range as the refinement the page's links write.
      expect(new URL(page.url()).search).toBe('');
      const apply = page.locator(`${field('max')} >> xpath=ancestor::div[@class="range-inputs"]//button`);
      await Promise.all([
        page.waitForURL((url) => url.searchParams.get(`refinements[${key}]`) === `${from}..${to}`),
        apply.click(),
      ]);
      expect(await until(total, (n) => n === expected)).toBe(expected);
      const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const unit = facet.numeric?.unit ? ` ${literal(facet.numeric.unit)}` : '';
      const chip = page.getByRole('link', {
        name: new RegExp(`^Remove the filter ${literal(facet.label ?? key)}: \\S+ – \\S+${unit}$`),
      });
      await chip.waitFor();
      await expect(page.locator(field('min')).inputValue()).resolves.toBe(shown(from, 'en-CH'));
      await screenshot(page, 'category-range-filter');
      expect(await accessibilityViolations(page)).toEqual([]);

      // The chip takes the range back: the whole category again, the inputs empty.
      await Promise.all([
        page.waitForURL((url) => ![...url.searchParams.keys()].some((name) => name.startsWith('refinements['))),
        chip.click(),
      ]);
      expect(await until(total, (n) => n === before)).toBe(before);
      await expect(page.locator(field('min')).inputValue()).resolves.toBe('');

      // "Price from [ ] to [ ] CHF", typed as the page writes prices, sent as the search page's parameter.
      expect(inPrice.meta.total).toBeGreaterThan(0);
      expect(inPrice.meta.total).toBeLessThan(before);
      await page.locator(priceField('min')).fill(typed(lowFrancs, 'en-CH'));
      await page.locator(priceField('max')).fill(typed(highFrancs, 'en-CH'));
      const applyPrice = page.locator(`${priceField('max')} >> xpath=ancestor::div[@class="range-inputs"]//button`);
      await Promise.all([
        page.waitForURL((url) => url.searchParams.get('refinements[price]') === priceRange),
        applyPrice.click(),
      ]);
      // Prices move while the platform runs (its shops' feeds), and a product may cross a bound
      // after the API was read: the page is compared with the API read again, reloaded until both agree.
      const apiPriceTotal = async () =>
        (
          (await (
            await fetch(
              `${site}/api/products?locale=en-ch&category=${category}&refinements[price]=${priceRange}&hitsPerPage=1`,
              { headers: { 'Cache-Control': 'no-cache' } },
            )
          ).json()) as { meta: { total: number } }
        ).meta.total;
      const counts = await until(
        async () => {
          const [shown, api] = [await total(), await apiPriceTotal()];
          if (shown !== api) await page.reload({ waitUntil: 'networkidle' });
          return { shown, api };
        },
        ({ shown, api }) => shown === api,
        40_000,
      );
      expect(counts.shown).toBe(counts.api);
      const priceChip = page.getByRole('link', { name: /^Remove the filter CHF\s\S+ – \S+$/ });
      await priceChip.waitFor();
      await screenshot(page, 'category-price-filter');
      expect(await accessibilityViolations(page)).toEqual([]);
      await Promise.all([page.waitForURL((url) => url.search === ''), priceChip.click()]);
      expect(await until(total, (n) => n === before)).toBe(before);
      await expect(page.locator(priceField('max')).inputValue()).resolves.toBe('');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('filters a brand by one of its categories: ticked, the list narrows to it and a chip takes it back', async () => {
    // A brand whose products search counts in more than one category (the seeded product's own first).
    const brands = (await (await fetch(`${site}/api/brands?locale=en-ch&hitsPerPage=10&sort=products`)).json()) as {
      data: { slug: string }[];
    };
    let brand = '';
    for (const slug of [data.brand, ...brands.data.map((b) => b.slug)]) {
      if (!slug) continue;
      const answer = (await (
        await fetch(`${site}/api/products?locale=en-ch&brand=${slug}&facets=category&hitsPerPage=1`)
      ).json()) as { meta: { facets: Record<string, { values: unknown[] }> } };
      if ((answer.meta.facets.category?.values.length ?? 0) > 1) {
        brand = slug;
        break;
      }
    }
    expect(brand).not.toBe('');
    const { page, errors } = await open(`/en-ch/brands/${brand}`);
    try {
      const total = async () =>
        Number(/\d+/.exec(await page.locator('#brand-products-heading + .muted').innerText())?.[0] ?? 0);
      const before = await total();
      // No brand filter on a brand's page: its categories instead.
      expect(await page.locator('section.filters input[name="refinements[brand]"]').count()).toBe(0);
      const box = page.locator('section.filters input[type=checkbox][name="refinements[category]"]').first();
      const id = await box.getAttribute('value');
      const same = page.locator(`section.filters input[name="refinements[category]"][value=${JSON.stringify(id)}]`);
      const label = same.locator('xpath=ancestor::label[1]');
      const name = (await label.locator('span').first().innerText()).trim();
      const count = Number(/\((\d+)\)/.exec(await label.innerText())?.[1]);
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThan(before);

      await Promise.all([page.waitForURL((url) => url.searchParams.get('refinements[category]') === id), same.check()]);
      expect(await until(total, (n) => n === count)).toBe(count);
      const chip = page.getByRole('link', { name: `Remove the filter Category: ${name}` });
      await chip.waitFor();
      await expect(same.isChecked()).resolves.toBe(true);
      await screenshot(page, 'brand-filters');
      expect(await accessibilityViolations(page)).toEqual([]);

      await Promise.all([
        page.waitForURL((url) => ![...url.searchParams.keys()].some((key) => key.startsWith('refinements['))),
        chip.click(),
      ]);
      expect(await until(total, (n) => n === before)).toBe(before);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('lists the model’s other variants on a product page: the shown one marked, the others linked with prices', async () => {
    // A product of the seed's families (one model in several colours or capacities) that has offers,
    // and a sibling with offers too, as catalog lists them.
    const catalog = createServiceClient(CatalogServiceService, `127.0.0.1:${platform.grpcPort('catalog')}`);
    const listed = (await (
      await fetch(`${site}/api/products?locale=en-ch&sort=rank&hitsPerPage=100&with_offers=true`)
    ).json()) as { data: { id: string; route: string; name: string }[] };
    const withOffers = new Set(listed.data.map((p) => p.id));
    const families = await Promise.all(
      listed.data.map(async (product) => ({
        product,
        variants: (await catalog.listProductVariants({ productId: product.id, language: 'en', limit: 0 })).variants,
      })),
    );
    const family = families.find(({ variants }) => variants.some((v) => !v.current && withOffers.has(v.productId)));
    if (!family) throw new Error('the seeded catalog has no product with a variant that has offers');
    const sibling = family.variants.find((v) => !v.current && withOffers.has(v.productId))!;

    const { page, errors } = await open(family.product.route);
    const block = page.getByRole('navigation', { name: 'Also available' });
    await block.waitFor();
    const current = block.locator('[aria-current="page"]');
    const values = (variant: { attributes: { value: string }[] }) => variant.attributes.map((a) => a.value);
    const shown = family.variants.find((v) => v.current)!;
    await expect(current.count()).resolves.toBe(1);
    await expect(current.locator('xpath=ancestor-or-self::a').count()).resolves.toBe(0);
    for (const value of values(shown)) expect(await current.locator('.variant-value').innerText()).toContain(value);
    // Every other variant is a link named by its variant's name and its price (or "no offers").
    const links = block.getByRole('link');
    await expect(links.count()).resolves.toBe(family.variants.length - 1);
    const names = await links.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
    for (const name of names) expect(name).toMatch(/, (from CHF\s?[\d'.,]+|no offers)$/);
    const link = block.getByRole('link', { name: new RegExp(`^${escaped(sibling.name)}, from CHF`) });
    await expect(link.count()).resolves.toBe(1);

    // Structured data: the product is a variant of a group that lists the sibling with its price.
    const product = await productJsonLd(page);
    expect(product.isVariantOf).toMatchObject({
      '@type': 'ProductGroup',
      productGroupID: expect.stringMatching(/^model-[0-9a-f]{16}$/),
    });
    expect(product.inProductGroupWithID).toBe(product.isVariantOf?.productGroupID);
    expect(product.isVariantOf?.hasVariant).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: sibling.name,
          url: expect.stringContaining(`-p${sibling.productId}`),
          offers: expect.objectContaining({ '@type': 'AggregateOffer', priceCurrency: 'CHF' }),
        }),
      ]),
    );
    await screenshot(page, 'product-variants');
    expect(await accessibilityViolations(page)).toEqual([]);

    // The sibling's chip opens its page, where it is the one shown and the first product a link.
    const href = (await link.getAttribute('href')) ?? '';
    await Promise.all([page.waitForURL((url) => url.pathname === href), link.click()]);
    await page.getByRole('heading', { level: 1, name: sibling.name }).waitFor();
    await expect(current.count()).resolves.toBe(1);
    for (const value of values(sibling)) expect(await current.locator('.variant-value').innerText()).toContain(value);
    await expect(
      block.getByRole('link', { name: new RegExp(`^${escaped(family.product.name)}, `) }).getAttribute('href'),
    ).resolves.toBe(family.product.route);
    const group = (await productJsonLd(page)).isVariantOf;
    expect(group?.productGroupID).toBe(product.isVariantOf?.productGroupID);
    expect(group?.hasVariant?.map((v) => v.name)).toContain(family.product.name);
    expect(group?.hasVariant?.map((v) => v.name)).not.toContain(sibling.name);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lists the deals: products at least 10 % below their 30-day average, biggest drop first, narrowed by a category', async () => {
    // The footer's first column leads there from every page.
    const { page, errors } = await open('/en-ch');
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/en-ch/deals'),
      page.getByRole('navigation', { name: 'Savings' }).getByRole('link', { name: 'Deals' }).click(),
    ]);
    await page.getByRole('heading', { level: 1, name: 'Deals' }).waitFor();
    const drops = async () =>
      (await page.locator('.deal-drop').allInnerTexts()).map((text) => {
        const match = /^−(\d+)% vs\. its 30-day average$/.exec(text.trim());
        if (!match) throw new Error(`a deal says "${text}"`);
        return Number(match[1]);
      });
    // The seed's shops run item promotions and sales, so some products are well below their average.
    const all = await drops();
    expect(all.length).toBeGreaterThan(0);
    for (const percent of all) expect(percent).toBeGreaterThanOrEqual(10);
    expect(all).toEqual([...all].sort((a, b) => b - a));
    await screenshot(page, 'deals');
    expect(await accessibilityViolations(page)).toEqual([]);

    // A category chip narrows the list to its deals, and "All categories" takes it back. Each
    // render's cards are counted against the count it says (prices move while the platform runs).
    const chips = page.getByRole('navigation', { name: 'Deals by category' });
    const current = chips.locator('[aria-current="page"]');
    const said = async () => Number(/\d+/.exec(await page.locator('#deals-heading + .muted').innerText())?.[0] ?? -1);
    const chip = chips.getByRole('link').filter({ hasNotText: 'All categories' }).first();
    const chipName = (await chip.innerText()).trim().replace(/\s*\(\d+\)$/, '');
    await Promise.all([page.waitForURL((url) => url.searchParams.has('category')), chip.click()]);
    await until(
      () => current.innerText(),
      (text) => text.startsWith(chipName),
    );
    const inCategory = await said();
    expect(Number(/\((\d+)\)$/.exec((await current.innerText()).trim())?.[1])).toBe(inCategory);
    expect((await drops()).length).toBe(Math.min(inCategory, 24));
    await Promise.all([
      page.waitForURL((url) => !url.searchParams.has('category')),
      chips.getByRole('link', { name: 'All categories' }).click(),
    ]);
    await until(
      () => current.innerText(),
      (text) => text === 'All categories',
    );
    expect((await drops()).length).toBe(Math.min(await said(), 24));

    // The German page has its own path word; the English one leads there.
    await page.goto(`${site}/de-ch/deals`, { waitUntil: 'networkidle' });
    expect(new URL(page.url()).pathname).toBe('/de-ch/preissturz');
    expect(await page.locator('.deal-drop').first().innerText()).toMatch(/^−\d+\s?%/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps the chosen theme and paints it before anything else on the next page load', async () => {
    expect(await themeAfterReload(browser.context, site)).toEqual({ stored: 'dark', atStart: 'dark' });
  });

  it('remembers a viewed product in the browser database and in the recently viewed row', async () => {
    const { database, recent } = await rememberedProduct(browser.context, site, data);
    expect(database).toEqual({
      version: 5,
      stores: ['brands', 'categories', 'products', 'shops'],
      cached: data.product.name,
    });
    expect(recent[0]).toBe(data.product.name);
  });

  it('loads reviews only when they scroll into view, and switches the price history range', async () => {
    const reviews = await lazyReviews(browser.context, site, data);
    expect(reviews.before).toEqual({ requests: 0, items: 0 });
    expect(reviews.after.requests).toBe(1);
    expect(reviews.after.items).toBeGreaterThan(0);
    expect(await historyRange(browser.context, site, data)).toEqual({ status: 200, pressed: 'true' });
  });

  it('pages a list with the pagination control of spec §2.8', async () => {
    const { disabled, current } = await paginationOnFirstPage(browser.context, site);
    expect(disabled).toEqual([expect.stringContaining('«'), expect.stringContaining('‹')]);
    expect(current).toBe('Page 2');
  });

  it('checks the login form in the browser and says the credentials do not match (spec §5, §8)', async () => {
    const result = await loginForm(browser.context, site);
    expect(result.fieldErrors).toEqual(['This field is required.', 'This field is required.']);
    expect(result).toMatchObject({ status: 401, alert: 'These credentials do not match our records.', errors: [] });
    // Without JavaScript the form posts to the page with its CSRF field; without the field: page expired.
    const post = (fields: Record<string, string>) =>
      fetch(`${site}/en-ch/login`, {
        method: 'POST',
        body: new URLSearchParams(fields),
        headers: { cookie: result.cookie },
        redirect: 'manual',
      });
    expect(
      (await post({ _csrf: result.token, email: 'visitor@example.com', password: 'secret-password' })).status,
    ).toBe(401);
    expect((await post({ _csrf: result.token, email: 'not-an-email', password: '' })).status).toBe(400);
    expect((await post({ email: 'visitor@example.com', password: 'secret-password' })).status).toBe(419);
  });

  it('walks every route in every language without a missing translation or a console error', async () => {
    const problems: string[] = [];
    for (const language of WALK_LANGUAGES) {
      await browser.context.addCookies([{ name: 'lang', value: language, url: site }]);
      const page = await browser.context.newPage();
      const errors = watchErrors(page);
      for (const route of everyRoute(language, data)) {
        errors.length = 0;
        const response = await page.goto(`${site}${route.path}`, { waitUntil: 'networkidle' });
        const status = response?.status() ?? 0;
        const text = await page.content();
        const missing = [...text.matchAll(/⟦missing:([^⟧]*)⟧/g)].map((m) => m[1]);
        // A text of our own shown in another language than the page's is a fallback too.
        const fallback = (
          await page.locator('article.prose[lang]').evaluateAll((els) => els.map((e) => e.getAttribute('lang')))
        ).filter((lang) => lang !== language);
        if (fallback.length > 0) missing.push(`markdown in ${fallback.join(',')}`);
        // The browser reports the expected 404 of the not-found page itself as a failed load.
        const unexpected = errors.filter((e) => !(route.status === 404 && e.includes('status of 404')));
        if (status !== route.status || missing.length > 0 || unexpected.length > 0)
          problems.push(
            `${language} ${route.path}: status ${status}, missing ${missing.join(',')}, errors ${unexpected.join(' | ')}`,
          );
      }
      await page.close();
    }
    await browser.context.clearCookies();
    expect(problems).toEqual([]);
  }, 900_000);
});
