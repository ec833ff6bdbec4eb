import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { MailBox } from '@pc/kit/testing/outbox-mail';
import { startPlatform, type RunningPlatform } from '../../scripts/e2e/platform-process';
import { accessibilityViolations } from './support/axe';
import { launchBrowser, watchErrors, type Browser } from './support/browser';
import { screenshot } from './support/site';
import { until } from './support/until';

const run = promisify(execFile);

/** Ports of this file's platform (offsets 0–10 belong to the other e2e files). */
const PORT_OFFSET = 12;
const DEMO_SHOPS_PORT = 8850 + PORT_OFFSET;
const PASSWORD = 'secret-pass';
const OWNER = { name: 'Olivia Owner', email: 'olivia@shop-owner.test', company: 'Olivia Audio AG' };
const OTHER_OWNER = { name: 'Oscar Other', email: 'oscar@shop-owner.test', company: 'Oscar Hifi GmbH' };
/** The shop's own domain: its feed is a demo shop's (the seed lists the demo shops at their addresses). */
const HOMEPAGE = 'https://olivia-audio.test/';

interface DemoShop {
  readonly name: string;
  readonly domain: string;
  readonly baseUrl: string;
  readonly country: string;
  readonly feeds: readonly { format: string; url: string }[];
}

/** An address and phone number of each country a locale serves (spec §2.1), and that locale. */
const ADDRESSES: Readonly<Record<string, { line1: string; zip: string; city: string; phone: string; locale: string }>> =
  {
    CH: { line1: 'Bahnhofstrasse 1', zip: '8001', city: 'Zürich', phone: '044 123 45 67', locale: 'en-ch' },
    DE: { line1: 'Unter den Linden 1', zip: '10117', city: 'Berlin', phone: '030 1234567', locale: 'en-de' },
    FR: { line1: '1 rue de Rivoli', zip: '75001', city: 'Paris', phone: '01 23 45 67 89', locale: 'en-fr' },
    GB: { line1: '10 Downing Street', zip: 'SW1A 2AA', city: 'London', phone: '020 7946 0000', locale: 'en-gb' },
  };

/**
 * The shop owner's journey of issue 40 in Debian's Chromium against `npm start` with the demo
 * shops (their websites and feeds on this machine) and billing's local test-card provider, on one
 * platform the steps share: register a business account, register a shop (every field's wrong
 * value first, then its domain twice), add a feed of a demo shop, add a 3-D Secure card and start the subscription,
 * see the analysis, get activated, see the shop's offers on the site, the invoice, delete the
 * shop, delete the account. Each step's page: artifacts/screenshots/business-*.png. The analysis
 * and the listed offers come from the crawler's feed fetches (ShopChanged's feeds, ScheduleCrawl
 * on a feed): a crawler without them leaves the shop "subscription started".
 */
describe('the business area in a browser', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let site = '';
  let demo: DemoShop;
  let shopId = '';

  const notice = () => page.locator('main .notice-error, main .notice-done').first().innerText();
  const shopAddress = () => ADDRESSES[demo.country.toUpperCase()]!;
  const noticeSays = (expected: string) => until(notice, (text) => text === expected, 20_000);
  const fieldErrors = () => page.locator('.field-error').allInnerTexts();
  const goto = (path: string) => page.goto(`${site}${path}`, { waitUntil: 'networkidle' });
  const shopRow = () => page.locator(`tr[data-shop="${shopId}"]`);
  /** Reloads the dashboard until the shop's stage is one of `stages` (events travel between services). */
  const dashboardStage = (stages: string | readonly string[], timeoutMs = 60_000) =>
    until(
      async () => {
        await goto('/account/business');
        return (await shopRow().getAttribute('data-stage')) ?? '';
      },
      (value) => ([] as string[]).concat(stages).includes(value),
      timeoutMs,
    );

  beforeAll(async () => {
    platform = await startPlatform(PORT_OFFSET, {
      seedArgs: '--products 40 --shops 8 --history-days 7 --reviews 1',
      env: { DEMO_SHOPS_PORT: String(DEMO_SHOPS_PORT), PAYMENT_PROVIDER: 'local' },
    });
    site = platform.siteUrl;
    const manifest = (await (await fetch(`http://127.0.0.1:${DEMO_SHOPS_PORT}/__admin/shops`)).json()) as {
      shops: DemoShop[];
    };
    // A shop with a feed in a country a locale serves (its offers are shown there), a CSV one first.
    const candidates = manifest.shops.filter((shop) => shop.feeds.length > 0 && ADDRESSES[shop.country.toUpperCase()]);
    demo = candidates.find((shop) => shop.feeds.some((feed) => feed.format === 'csv')) ?? candidates[0]!;
    browser = await launchBrowser();
    page = await browser.context.newPage();
    errors = watchErrors(page);
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    if (platform?.process.exitCode === null) await platform.interrupt();
  });

  /** Registers `person` in `tab`, follows the verification link mailed to them and is signed in. */
  const registerVerified = async (tab: Page, person: { name: string; email: string }) => {
    await tab.goto(`${site}/en-ch/register`, { waitUntil: 'networkidle' });
    await tab.getByLabel('Name', { exact: true }).fill(person.name);
    await tab.getByLabel('Email').fill(person.email);
    await tab.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await tab.getByLabel('Confirm password').fill(PASSWORD);
    await tab.getByLabel('I have read and agree').check();
    await Promise.all([
      tab.waitForURL(/\/account\?registered=1$|\/login/),
      tab.getByRole('button', { name: 'Create account' }).click(),
    ]);
    const verify = await until(
      async () => new MailBox(platform.dataDir).latest(person.email, 'email-verification'),
      Boolean,
    );
    expect(verify).toBeDefined();
    await tab.goto(new MailBox(platform.dataDir).link(person.email, 'email-verification').href, {
      waitUntil: 'networkidle',
    });
    if (tab.url().includes('/login')) {
      await tab.getByLabel('Email').fill(person.email);
      await tab.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await Promise.all([
        tab.waitForURL(/\/account/),
        tab.locator('main').getByRole('button', { name: 'Log in' }).click(),
      ]);
    }
  };

  it('opens a business account from /account (a verified e-mail first) and shows the empty dashboard', async () => {
    await registerVerified(page, OWNER);
    // The business area is for business accounts: /account says so and offers one.
    await goto('/account/business');
    expect(page.url()).toBe(`${site}/account?business=required#business-heading`);
    expect(await noticeSays('Open a business account first: then you can register shops.')).toBe(
      'Open a business account first: then you can register shops.',
    );
    await page.getByLabel('Company').fill(OWNER.company);
    await Promise.all([
      page.waitForURL(/\/account\/business\?welcome=1$/),
      page.getByRole('button', { name: 'Open a business account' }).click(),
    ]);
    expect(await noticeSays('Your business account is open. Register your first shop.')).toBeTruthy();
    // The empty states of spec §8.
    expect(await page.locator('main .empty-state, main .card-on-file p').allInnerTexts()).toEqual([
      'No shops registered yet.',
      'No subscription yet. It starts with your first shop.',
      'No card on file.',
      'No invoices yet.',
    ]);
    await screenshot(page, 'business-dashboard-empty');
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('registers a shop: every wrong field is said and changes nothing, a registered domain is refused, then the shop awaits its payment method', async () => {
    // Without JavaScript the server checks the form; with it the page checks before sending: both say the same.
    const plain = await launchBrowser({ javaScriptEnabled: false });
    try {
      await plain.context.addCookies(await browser.context.cookies());
      const noScript = await plain.context.newPage();
      await noScript.goto(`${site}/account/business/shops/new`, { waitUntil: 'networkidle' });
      await noScript.getByLabel('Shop name').fill('');
      await noScript.getByLabel('URL', { exact: true }).fill('not a url');
      await noScript.getByLabel('Company').fill('');
      await noScript.getByLabel('Address', { exact: true }).fill('');
      await noScript.getByLabel('Postal code').fill('80011');
      await noScript.getByLabel('City').fill('');
      await noScript.getByLabel('Country').selectOption('CH');
      await noScript.getByLabel('Phone (optional)').fill('12345');
      await noScript.getByLabel('Email').fill('olivia-at-shop');
      await noScript.getByLabel('Product feed (optional)').fill('ftp://feeds.example/x.csv');
      await Promise.all([
        noScript.waitForResponse((r) => r.request().method() === 'POST'),
        noScript.getByRole('button', { name: 'Register shop' }).click(),
      ]);
      await noScript.waitForLoadState('networkidle');
      const said = Object.fromEntries(
        await Promise.all(
          ['name', 'homepage', 'company', 'line1', 'zip_code', 'city', 'phone', 'email', 'feed_url', 'terms'].map(
            async (field) => [field, await noScript.locator(`#shop-${field}-error`).innerText()] as const,
          ),
        ),
      );
      expect(said).toEqual({
        name: 'This field is required.',
        homepage: 'Enter a valid URL starting with http:// or https://.',
        company: 'This field is required.',
        line1: 'This field is required.',
        zip_code: 'Enter a valid postal code for the chosen country.',
        city: 'This field is required.',
        phone: 'Enter a valid phone number, for instance +41 44 123 45 67.',
        email: 'Enter a valid email address.',
        feed_url: 'Enter a valid URL starting with http:// or https://.',
        terms: 'Please accept the terms.',
      });
      await screenshot(noScript, 'business-register-shop-errors');
    } finally {
      await plain.close();
    }
    const country = demo.country.toUpperCase();
    const address = ADDRESSES[country]!;
    const fill = async (homepage: string) => {
      await goto('/account/business/shops/new');
      await page.getByLabel('Shop name').fill(demo.name);
      await page.getByLabel('URL', { exact: true }).fill(homepage);
      await page.getByLabel('Commercial register number (optional)').fill('CHE-123.456.789');
      await page.getByLabel('Address', { exact: true }).fill(address.line1);
      await page.getByLabel('Address line 2 (optional)').fill('3rd floor');
      await page.getByLabel('Postal code').fill(address.zip);
      await page.getByLabel('City').fill(address.city);
      await page.getByLabel('Country').selectOption(country);
      await page.getByLabel('Phone (optional)').fill(address.phone);
      await page.getByLabel('I have read and agree to the terms and conditions and the listing terms.').check();
    };
    // With JavaScript: the postal code of another country is caught before sending.
    await fill(HOMEPAGE);
    await page.getByLabel('Country').selectOption(country === 'GB' ? 'CH' : 'GB');
    await page.getByRole('button', { name: 'Register shop' }).click();
    expect(await until(fieldErrors, (texts) => texts.length > 0)).toContain(
      'Enter a valid postal code for the chosen country.',
    );
    await fill(HOMEPAGE);
    await page.getByRole('button', { name: 'Register shop' }).click();
    await page.waitForURL(/\/account\/business\?registered=/);
    expect(
      await noticeSays(`Your shop ${demo.name} is registered. Next: add a card and start the subscription.`),
    ).toBeTruthy();
    // The same domain again (here with www.): spec §8 "shop already registered", and nothing changes.
    await fill(HOMEPAGE.replace('https://', 'https://www.'));
    await page.getByRole('button', { name: 'Register shop' }).click();
    expect(await noticeSays('This shop is already registered.')).toBe('This shop is already registered.');
    await goto('/account/business');
    expect(await page.locator('tr[data-shop]').count()).toBe(1);
    shopId = (await page.locator('tr[data-shop]').first().getAttribute('data-shop')) ?? '';
    expect(await shopRow().getAttribute('data-stage')).toBe('awaitingPayment');
    expect(await shopRow().innerText()).toMatch(/Awaiting payment method[\s\S]*Not confirmed[\s\S]*0\s+0/);
    await screenshot(page, 'business-shop-registered');
  });

  it('shows another business owner nothing of the shop: its settings are 404 to them, and a forged delete changes nothing', async () => {
    const other = await launchBrowser();
    try {
      const tab = await other.context.newPage();
      await registerVerified(tab, OTHER_OWNER);
      await tab.goto(`${site}/account`, { waitUntil: 'networkidle' });
      await tab.getByLabel('Company').fill(OTHER_OWNER.company);
      await Promise.all([
        tab.waitForURL(/\/account\/business\?welcome=1$/),
        tab.getByRole('button', { name: 'Open a business account' }).click(),
      ]);
      expect(await tab.locator('main .empty-state').first().innerText()).toBe('No shops registered yet.');
      expect((await tab.goto(`${site}/account/business/shops/${shopId}`))?.status()).toBe(404);
      // The shop's own form, posted with this owner's valid CSRF token: offers refuses it.
      const forged = await tab.evaluate(async (path) => {
        const token = decodeURIComponent(document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/)?.[1] ?? '');
        const body = new URLSearchParams({ _csrf: token, intent: 'deleteShop', confirm: 'on' });
        return (await fetch(path, { method: 'POST', body, redirect: 'manual' })).status;
      }, `/account/business/shops/${shopId}`);
      // Offers refuses the change (403); the page around it does not exist for them (404).
      expect([403, 404]).toContain(forged);
    } finally {
      await other.close();
    }
    // The owner still has the shop.
    await goto(`/account/business/shops/${shopId}`);
    expect(await page.locator('.shop-settings').getAttribute('data-shop')).toBe(shopId);
  });

  it('adds a product feed of the demo shop in shop settings, refusing a wrong URL', async () => {
    await goto(`/account/business/shops/${shopId}`);
    // The shop's click statistics from affiliates: none yet, today or this month.
    expect(await page.locator('.click-stats [data-clicks="today"]').innerText()).toBe('0');
    expect(await page.locator('.click-stats [data-clicks="month"]').innerText()).toBe('0');
    expect(
      await page.locator('main').getByText('No product feeds yet. Add at least one to display offers.').isVisible(),
    ).toBe(true);
    const feed = demo.feeds.find((candidate) => candidate.format === 'csv') ?? demo.feeds[0]!;
    const form = page.getByRole('form', { name: 'Add feed' });
    await form.getByLabel('Feed URL').fill('javascript:alert(1)');
    await form.getByRole('button', { name: 'Add feed' }).click();
    expect(
      await until(
        () => form.locator('.field-error').allInnerTexts(),
        (texts) => texts.length > 0,
      ),
    ).toEqual(['Enter a valid URL starting with http:// or https://.']);
    await form.getByLabel('Feed URL').fill(feed.url);
    await form.getByRole('button', { name: 'Add feed' }).click();
    expect(await noticeSays('The feed was added. It is analysed once your subscription has started.')).toBeTruthy();
    // The notice comes with the action's answer, the list with the page's data read again after it.
    expect(
      await until(
        () => page.locator('.feed-url').allInnerTexts(),
        (urls) => urls.length > 0,
      ),
    ).toEqual([feed.url]);
    // URL parameters: a name twice is refused; then saved.
    await page.getByLabel('Parameter 1: Name').fill('utm_source');
    await page.getByLabel('Parameter 1: Value').fill('pricecompare');
    await page.getByLabel('Parameter 2: Name').fill('utm_source');
    await page.getByRole('button', { name: 'Save URL parameters' }).click();
    expect(await until(fieldErrors, (texts) => texts.length > 0)).toEqual(['Each name only once.']);
    await page.getByLabel('Parameter 2: Name').fill('utm_medium');
    await page.getByLabel('Parameter 2: Value').fill('cpc');
    await page.getByRole('button', { name: 'Save URL parameters' }).click();
    expect(await noticeSays('The URL parameters were saved.')).toBeTruthy();
    await screenshot(page, 'business-shop-settings');
  });

  it('edits the shop’s details in shop settings: a wrong postal code is refused, then the change is saved', async () => {
    await goto(`/account/business/shops/${shopId}`);
    const form = page.getByRole('form', { name: 'Shop details' });
    expect(await form.getByLabel('Company').inputValue()).toBe(OWNER.company);
    await form.getByLabel('Postal code').fill('ABC-12345-X');
    await form.getByRole('button', { name: 'Save details' }).click();
    expect(
      await until(
        () => form.locator('.field-error').allInnerTexts(),
        (texts) => texts.length > 0,
      ),
    ).toEqual(['Enter a valid postal code for the chosen country.']);
    await form.getByLabel('Postal code').fill(shopAddress().zip);
    await form.getByLabel('Address line 2 (optional)').fill('4th floor');
    await form.getByLabel('Description (optional)').fill('Headphones and turntables since 1987.');
    await form.getByRole('button', { name: 'Save details' }).click();
    expect(await noticeSays('Shop details saved.')).toBeTruthy();
    await goto(`/account/business/shops/${shopId}`);
    const saved = page.getByRole('form', { name: 'Shop details' });
    expect(await saved.getByLabel('Address line 2 (optional)').inputValue()).toBe('4th floor');
    expect(await saved.getByLabel('Description (optional)').inputValue()).toBe('Headphones and turntables since 1987.');
    expect(await saved.getByLabel('Shop name').inputValue()).toBe(demo.name);
    await screenshot(page, 'business-shop-details');
  });

  it('adds a card that needs 3D Secure on the provider’s page (after a declined one) and starts the subscription through the bank', async () => {
    const enterCard = async (number: string) => {
      await goto('/account/business');
      await Promise.all([
        page.waitForURL(/\/local-provider\/setup\//),
        page.locator('.card-on-file').getByRole('button').click(),
      ]);
      await page.getByLabel('Card number').fill(number);
      await page.getByLabel('Month').fill('12');
      await page.getByLabel('Year').fill(String((new Date().getUTCFullYear() + 3) % 100));
      await page.getByLabel('CVC').fill('123');
    };
    await enterCard('4000 0000 0000 0002');
    await Promise.all([
      page.waitForURL(/\/account\/business\?card=declined$/),
      page.getByRole('button', { name: 'Save card' }).click(),
    ]);
    expect(await noticeSays('Payment declined. Please try another card.')).toBeTruthy();
    expect(await page.locator('.card-on-file p').first().innerText()).toBe('No card on file.');
    await enterCard('4000 0027 6000 3184');
    await screenshot(page, 'business-card-page');
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.waitForURL(/\/local-provider\/authenticate\/|\/account\/business/);
    if (page.url().includes('/local-provider/authenticate/'))
      await page.getByRole('button', { name: 'Complete authentication' }).click();
    await page.waitForURL(/\/account\/business\?card=updated$/);
    expect(await noticeSays('Card updated successfully.')).toBeTruthy();
    expect(await page.locator('.card-on-file').innerText()).toMatch(/ending in 3184/);

    await shopRow().getByLabel('Plan').selectOption({ index: 0 });
    await shopRow()
      .getByRole('button', { name: `Start the subscription for ${demo.name}` })
      .click();
    expect(await noticeSays('Your card needs 3D Secure: please confirm the payment with your bank.')).toBeTruthy();
    await screenshot(page, 'business-3ds-required');
    await Promise.all([
      page.waitForURL(/\/local-provider\/authenticate\//),
      page.getByRole('link', { name: 'Continue to 3D Secure' }).click(),
    ]);
    await Promise.all([
      page.waitForURL(/\/account\/business\?payment=started$/),
      page.getByRole('button', { name: 'Complete authentication' }).click(),
    ]);
    expect(
      await noticeSays('Subscription started successfully. We will contact you when your shop is ready.'),
    ).toBeTruthy();
    expect(await dashboardStage(['subscriptionStarted', 'feedsAnalysed'], 30_000)).toMatch(
      /subscriptionStarted|feedsAnalysed/,
    );
    expect(await page.locator('.subscription').getAttribute('data-status')).toBe('active');
    await screenshot(page, 'business-subscription-started');
  });

  it('shows the feed’s analysis once the crawler has read it, and analyses again on demand', async () => {
    expect(await dashboardStage('feedsAnalysed', 180_000)).toBe('feedsAnalysed');
    await goto(`/account/business/shops/${shopId}`);
    const report = await page.locator('.feed-report').innerText();
    expect(report).toMatch(/Last analysis on .*\s+\d+ of \d+ products usable, \d+ rejected/);
    await page.getByRole('button', { name: /^Analyse the feed .* now$/ }).click();
    expect(await noticeSays('The feed is being analysed. The report appears here in a moment.')).toBeTruthy();
    await screenshot(page, 'business-feed-analysed');
  }, 240_000);

  it('is activated by staff, and the shop’s offers are shown on the site', async () => {
    // A staff:admin user, and the operator's tool acting for them (signed with the platform's keys).
    const root = join(__dirname, '..', '..');
    const env = { ...process.env, DATA_DIR: platform.dataDir };
    const created = await run(
      process.execPath,
      [
        join(root, 'services', 'accounts', 'dist', 'admin', 'create-admin.js'),
        '--email',
        'activator@staff.test',
        '--password',
        'activator-secret',
        '--panels',
        'admin',
      ],
      { cwd: root, env },
    );
    const staffId = /, id (\S+)$/m.exec(created.stdout)?.[1] ?? '';
    expect(staffId).not.toBe('');
    const { stdout } = await run(
      process.execPath,
      [
        '-r',
        './scripts/jest/ts-register.cjs',
        'services/offers/src/cli/shop-activate.ts',
        '--shop',
        shopId,
        '--as',
        staffId,
        '--confirmed',
        '--addr',
        `127.0.0.1:${platform.grpcPort('offers')}`,
      ],
      { cwd: root, env },
    );
    expect(stdout).toContain('SHOP_STATUS_ACTIVE, confirmed');
    expect(await dashboardStage('active')).toBe('active');
    expect(await shopRow().innerText()).toMatch(/Activated[\s\S]*Confirmed/);
    await screenshot(page, 'business-shop-activated');
    // The crawler reads the feed again for the listed shop; its offers reach the shop's page.
    const offers = await until(
      async () => {
        await goto(`/${shopAddress().locale}/shops/${shopId}`);
        return page.locator('main .offer-row, main [data-offer], main .product-card').count();
      },
      (count) => count > 0,
      180_000,
    );
    expect(offers).toBeGreaterThan(0);
    await screenshot(page, 'business-shop-live');
  }, 300_000);

  it('lists the shop’s offers in shop settings, each beside the lowest price of its product in its country', async () => {
    await goto(`/account/business/shops/${shopId}`);
    const section = page.getByRole('region', { name: 'Your offers' });
    const listed = section.getByRole('link', { name: /^Listed \(\d+\)$/ });
    expect(await listed.getAttribute('aria-current')).toBe('page');
    const rows = section.locator('table.own-offers tbody tr');
    expect(await rows.count()).toBeGreaterThan(0);
    // The listed offers' products are compared in their country: the lowest price of how many offers.
    const standings = await rows.locator('td:nth-child(4)').allInnerTexts();
    expect(standings.some((text) => /lowest of \d+ offers|\(of \d+ offers\)/.test(text))).toBe(true);
    await section.getByRole('heading', { name: 'Your offers' }).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, -80)); // below the sticky masthead
    await screenshot(page, 'business-own-offers');
    await section.getByRole('link', { name: /^Not listed \(\d+\)$/ }).click();
    const notListed = section.getByRole('link', { name: /^Not listed/ });
    expect(
      await until(
        () => notListed.getAttribute('aria-current'),
        (current) => current === 'page',
      ),
    ).toBe('page');
    expect(page.url()).toMatch(/[?&]offers=not-listed/);
  });

  it('shows where the shop’s prices stand against the other shops: the counts and the products another shop sells for less', async () => {
    await goto(`/account/business/shops/${shopId}`);
    await Promise.all([
      page.waitForURL((url) => url.pathname === `/account/business/shops/${shopId}/prices`),
      page.getByRole('link', { name: 'Your prices against other shops' }).click(),
    ]);
    // The address changes as the client-side navigation commits, a moment before the new page renders.
    const heading = page.getByRole('heading', { level: 1, name: `Price standing: ${demo.name}`, exact: true });
    await heading.waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(`Price standing: ${demo.name}`);
    const counted = async (band: string) =>
      Number((await page.locator(`[data-standing="${band}"]`).innerText()).replace(/\D/g, ''));
    const [cheapest, within, above] = [await counted('cheapest'), await counted('within'), await counted('above')];
    // The demo shop's listed offers are matched to the seed's products, which other shops sell too.
    expect(cheapest + within + above).toBeGreaterThan(0);
    // The table lists the products another shop is cheaper at, the biggest gap first (the web
    // test of the page reads them and the CSV); the seed's demo shop may be the cheapest of all.
    const rows = page.locator('table.price-standing-products tbody tr');
    expect(await rows.count()).toBe(Math.min(within + above, 50));
    const gaps = (await rows.locator('td:nth-child(5)').allInnerTexts()).map((text) =>
      Number(/\(([\d.]+) %\)/.exec(text)?.[1] ?? Number.NaN),
    );
    expect(gaps).toEqual([...gaps].sort((a, b) => b - a));
    const summary =
      within + above === 0
        ? 'Your offers are the cheapest of every product you sell here.'
        : `The biggest gap first. ${within + above} products in all; the CSV lists every one.`;
    await expect(page.getByText(summary).isVisible()).resolves.toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'price-standing');
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('reports a visitor’s click on the shop’s offer: the month’s day, product and country, another period, the CSV', async () => {
    // Which offer of the product page is the shop's: its click-out link (the seed's shops may carry its name too).
    const offers = (await (
      await fetch(`${site}/api/offers?locale=${shopAddress().locale}&refinements[shop]=${shopId}&hitsPerPage=1`)
    ).json()) as { data: { productId: string; clickLink: string }[] };
    const offer = offers.data[0];
    expect(offer).toBeDefined();
    const productId = offer!.productId;
    // A visitor (a desktop browser's user agent: affiliates counts no headless browser) follows
    // the shop's offer from a product page of the shop's country.
    const visitor = await launchBrowser({
      args: [
        '--user-agent=Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      ],
    });
    try {
      const tab = await visitor.context.newPage();
      await tab.goto(`${site}/${shopAddress().locale}/products/${productId}`, { waitUntil: 'networkidle' });
      const toShop = tab.locator(`.offer-row a[href^="${offer!.clickLink}?"]`);
      const showAll = tab.locator('#pricing .show-all');
      if ((await toShop.count()) === 0 && (await showAll.isVisible())) await showAll.click();
      await expect(toShop.innerText()).resolves.toMatch(/^To the shop/);
      const [shopTab] = await Promise.all([visitor.context.waitForEvent('page'), toShop.click()]);
      await shopTab.waitForURL((url) => url.host !== new URL(site).host);
    } finally {
      await visitor.close();
    }

    const month = new Date().toISOString().slice(0, 7);
    const day = new Date().toISOString().slice(0, 10);
    const country = demo.country.toUpperCase();
    await goto(`/account/business/shops/${shopId}`);
    await Promise.all([
      page.waitForURL((url) => url.pathname === `/account/business/shops/${shopId}/clicks`),
      page.getByRole('link', { name: 'Full report' }).click(),
    ]);
    // The fold of clicks runs apart from the click: the page is read again until it counted it.
    const monthTotal = await until(
      async () => {
        await page.reload({ waitUntil: 'networkidle' });
        return page.locator('[data-clicks="month"]').innerText();
      },
      (text) => text === '1',
      60_000,
    );
    expect(monthTotal).toBe('1');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(`Click report: ${demo.name}`);
    expect(await page.locator(`tr[data-product="${productId}"] td`).last().innerText()).toBe('1');
    expect(await page.locator(`tr[data-country="${country}"] td`).last().innerText()).toBe('1');
    expect(await page.locator(`tr[data-day="${day}"] td`).last().innerText()).toBe('1');

    // Another period through the form: the chart's last 90 days, the month the same.
    const form = page.getByRole('form', { name: 'Choose the period' });
    await form.getByLabel('Per-day chart').selectOption('90');
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('days') === '90' && url.searchParams.get('month') === month),
      form.getByRole('button', { name: 'Show' }).click(),
    ]);
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('heading', { name: 'Clicks per day, last 90 days' }).isVisible()).toBe(true);
    expect(await page.locator('[data-clicks="chart"]').innerText()).toBe('1');
    expect(await page.locator('[data-clicks="month"]').innerText()).toBe('1');
    await screenshot(page, 'click-report');
    expect(await accessibilityViolations(page)).toEqual([]);

    // The month's CSV, downloaded as the browser does: one header, the click in each section.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /^Download .* \(CSV\)$/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`clicks-${shopId.replace(/[^\w-]/g, '_')}-${month}.csv`);
    const bytes = await (await import('node:fs/promises')).readFile((await download.path())!);
    const rows: Record<string, string>[] = parse(bytes, { bom: true, columns: true });
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'section',
      'month',
      'day',
      'product_id',
      'product_name',
      'product_url',
      'country',
      'clicks',
    ]);
    expect(rows.filter((row) => row.clicks !== '0')).toEqual([
      expect.objectContaining({ section: 'day', month, day, clicks: '1' }),
      expect.objectContaining({ section: 'product', month, product_id: productId, clicks: '1' }),
      expect.objectContaining({ section: 'country', month, country, clicks: '1' }),
    ]);
  });

  it('lists the paid invoice and downloads it', async () => {
    await goto('/account/business');
    const row = page.locator('tr[data-invoice]').first();
    expect(await row.innerText()).toMatch(/CHF[\s\u00a0]*52\.97[\s\S]*Paid/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('link', { name: /^Download invoice / }).click(),
    ]);
    const body = await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8');
    expect(body).toContain('52.97');
    await screenshot(page, 'business-invoices');
  });

  it('renews on the local provider’s test clock: a declined renewal leaves an unpaid invoice, the grace period ends in suspension, a new card brings the shop back', async () => {
    // The provider's developer page (billing's HTTP listener, local provider only; nothing on the site links it).
    const clocks = `http://127.0.0.1:${platform.opsPort('billing') + 10}/local-provider/test-clocks`;
    const shopPage = `${site}/${shopAddress().locale}/shops/${shopId}`;
    const publicStatus = async () => (await fetch(shopPage)).status;
    const openClock = async () => {
      await page.goto(clocks, { waitUntil: 'networkidle' });
      await Promise.all([
        page.waitForURL(/\/test-clocks\/cus_/),
        page.getByRole('link', { name: OWNER.email }).click(),
      ]);
    };
    /** Presses a button of the clock page and answers what the page it lands on says (`?moved=…` or `?declining=…`). */
    const clockAction = async (name: string | RegExp, outcome: 'moved' | 'declining') => {
      const before = page.url();
      await Promise.all([
        page.waitForURL((url) => url.toString() !== before && url.searchParams.has(outcome)),
        page.getByRole('button', { name }).click(),
      ]);
      return page.locator('[role="status"]').innerText();
    };
    /** A screenshot tall enough for the shops, the subscription, the card and the invoices. */
    const dashboardShot = async (name: string) => {
      const size = page.viewportSize()!;
      await page.setViewportSize({ width: size.width, height: 1500 });
      await screenshot(page, name);
      await page.setViewportSize(size);
    };
    const subscriptionStatus = async () => {
      await goto('/account/business');
      return (await page.locator('.subscription').getAttribute('data-status')) ?? '';
    };

    await openClock();
    expect(await clockAction('Decline future charges', 'declining')).toBe(
      'The card ending in 3184 declines every charge from now on.',
    );
    expect(await clockAction(/^To the period end/, 'moved')).toMatch(
      /^The clock moved to .* \(1 step of billing on the way\)\.$/,
    );
    await screenshot(page, 'business-renewal-clock');

    // The renewal's invoice is unpaid and the subscription overdue; the shop stays listed while the provider retries.
    expect(await until(subscriptionStatus, (status) => status === 'pastDue', 30_000)).toBe('pastDue');
    expect(await page.locator('.subscription-warning').innerText()).toBe(
      'Your last payment failed. We retry it; replace your card to pay the open invoice now.',
    );
    expect(await page.locator('tr[data-invoice]').first().innerText()).toMatch(/CHF[\s\u00a0]*52\.97[\s\S]*Unpaid/);
    expect(await shopRow().getAttribute('data-stage')).toBe('active');
    await dashboardShot('business-renewal-unpaid');

    // Past the grace period (retries 3, 5 and 7 days apart): unpaid, and the shop is suspended and off the site.
    await openClock();
    await page.getByLabel('Days').fill('16');
    expect(await clockAction('Advance by days', 'moved')).toMatch(
      /^The clock moved to .* \(3 steps of billing on the way\)\.$/,
    );
    expect(await dashboardStage('suspendedPayment')).toBe('suspendedPayment');
    expect(await page.locator('.subscription').getAttribute('data-status')).toBe('unpaid');
    expect(await page.locator('.subscription-warning').innerText()).toBe(
      'Your invoice is unpaid, so your shops are not shown. Replace your card to pay it.',
    );
    expect(await shopRow().innerText()).toMatch(
      /Suspended: payment missing[\s\S]*Your offers are not shown\. Update your card or start the subscription again\./,
    );
    // The unpaid subscription still covers the shop: a new card pays it, not a second subscription.
    expect(
      await shopRow()
        .getByRole('button', { name: /^Start the subscription/ })
        .count(),
    ).toBe(0);
    await dashboardShot('business-renewal-suspended');
    expect(await until(publicStatus, (status) => status === 404, 90_000)).toBe(404);

    // A new card: UpdatePaymentMethod pays the unpaid invoice at once, and the shop is back.
    await Promise.all([
      page.waitForURL(/\/local-provider\/setup\//),
      page.locator('.card-on-file').getByRole('button').click(),
    ]);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Month').fill('12');
    await page.getByLabel('Year').fill(String((new Date().getUTCFullYear() + 3) % 100));
    await page.getByLabel('CVC').fill('123');
    await Promise.all([
      page.waitForURL(/\/account\/business\?card=updated$/),
      page.getByRole('button', { name: 'Save card' }).click(),
    ]);
    expect(await noticeSays('Card updated successfully.')).toBeTruthy();
    // The shop's stage (offers, from billing's events) and the subscription's status (billing, from
    // the provider's subscription event, which may come after the invoice's) settle apart.
    expect(
      await until(
        async () => {
          await goto('/account/business');
          const stage = await shopRow().getAttribute('data-stage');
          return `${stage} ${await page.locator('.subscription').getAttribute('data-status')}`;
        },
        (value) => value === 'active active',
        60_000,
      ),
    ).toBe('active active');
    expect(await page.locator('.subscription-warning').count()).toBe(0);
    expect(await page.locator('tr[data-invoice]').allInnerTexts()).toEqual([
      expect.stringMatching(/52\.97[\s\S]*Paid/),
      expect.stringMatching(/52\.97[\s\S]*Paid/),
    ]);
    await dashboardShot('business-renewal-paid');
    expect(await until(publicStatus, (status) => status === 200, 90_000)).toBe(200);
  }, 300_000);

  it('deletes the shop after a confirmation: its offers leave the site', async () => {
    await goto(`/account/business/shops/${shopId}`);
    await page.getByRole('button', { name: 'Delete shop' }).click();
    expect(await until(fieldErrors, (texts) => texts.length > 0)).toEqual(['Please confirm.']);
    await page.getByLabel('I understand that this cannot be undone.').check();
    await Promise.all([
      page.waitForURL(/\/account\/business\?deleted=1$/),
      page.getByRole('button', { name: 'Delete shop' }).click(),
    ]);
    expect(await noticeSays('The shop was deleted.')).toBeTruthy();
    expect(await page.locator('main').getByText('No shops registered yet.').isVisible()).toBe(true);
    await screenshot(page, 'business-shop-deleted');
    const response = await page.goto(`${site}/${shopAddress().locale}/shops/${shopId}`);
    expect(response?.status()).toBe(404);
  });

  it('deletes the business account: a wrong password changes nothing, then the account is gone', async () => {
    await goto('/account/business');
    await page.getByLabel('Password', { exact: true }).fill('not-my-password');
    await page.getByLabel('I understand that this cannot be undone.').check();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    expect(await noticeSays('The password is not correct.')).toBeTruthy();
    await screenshot(page, 'business-delete-account');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('I understand that this cannot be undone.').check();
    await Promise.all([
      page.waitForURL(`${site}/en-ch`),
      page.getByRole('button', { name: 'Delete my account' }).click(),
    ]);
    await goto('/account/business');
    expect(new URL(page.url()).pathname).toBe('/en-ch/login');
    // Refused forms answered 4xx on purpose; nothing else went wrong in the browser.
    expect(errors.filter((e) => !/status of (400|401|404|409|419|422)/.test(e))).toEqual([]);
  });
});
