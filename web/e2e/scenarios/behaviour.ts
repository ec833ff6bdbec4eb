import type { BrowserContext } from 'playwright-core';
import { watchErrors } from '../support/browser';
import type { SampleData } from '../support/site';
import { until } from '../support/until';

/**
 * Behaviour a visitor notices beyond the main journeys: theme, browser database and recently
 * viewed, lazy reviews, chart ranges, pagination, the login form. Each returns what it saw, for
 * the test to assert.
 */

/** Cycles the theme once from "system" and reloads: the stored theme is painted from the start. */
export async function themeAfterReload(context: BrowserContext, site: string) {
  const page = await context.newPage();
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`${site}/en-ch/about`, { waitUntil: 'networkidle' });
  await page.locator('.theme-switcher button').click(); // system → dark
  const stored = await page.evaluate(() => localStorage.getItem('theme'));
  await page.addInitScript(() => {
    document.addEventListener(
      'DOMContentLoaded',
      () =>
        ((window as unknown as { themeAtStart: string }).themeAtStart = document.documentElement.dataset.theme ?? ''),
    );
  });
  await page.reload({ waitUntil: 'networkidle' });
  const atStart = await page.evaluate(() => (window as unknown as { themeAtStart: string }).themeAtStart);
  await page.evaluate(() => localStorage.removeItem('theme'));
  await page.close();
  return { stored, atStart };
}

/** Views a product, then reads the browser database and the home page's recently viewed row. */
export async function rememberedProduct(context: BrowserContext, site: string, data: SampleData) {
  const page = await context.newPage();
  await page.goto(`${site}${data.product.route}`, { waitUntil: 'networkidle' });
  const database = await until(
    () =>
      page.evaluate(
        () =>
          new Promise<{ version: number; stores: string[]; cached: string | null }>((resolve) => {
            const request = indexedDB.open('pricecompare');
            request.onsuccess = () => {
              const db = request.result;
              const get = db
                .transaction('products')
                .objectStore('products')
                .get(location.pathname.split('-p').pop() ?? '');
              get.onsuccess = () =>
                resolve({
                  version: db.version,
                  stores: [...db.objectStoreNames].sort(),
                  cached: (get.result as { name?: string } | undefined)?.name ?? null,
                });
            };
          }),
      ),
    (d) => d.cached !== null,
  );
  await page.goto(`${site}/en-ch`, { waitUntil: 'networkidle' });
  const recent = await page.locator('section:has(#recent-heading) .product-card h3').allInnerTexts();
  await page.close();
  return { database, recent };
}

/** The reviews list is empty until the section scrolls into view. */
export async function lazyReviews(context: BrowserContext, site: string, data: SampleData) {
  const page = await context.newPage();
  const requested: string[] = [];
  page.on('request', (r) => r.url().includes('/reviews') && requested.push(r.url()));
  await page.goto(`${site}${data.product.route}`, { waitUntil: 'networkidle' });
  const before = { requests: requested.length, items: await page.locator('.review-list > li').count() };
  await page.locator('#reviews').scrollIntoViewIfNeeded();
  const items = await until(
    () => page.locator('.review-list > li').count(),
    (n) => n > 0,
  );
  await page.close();
  return { before, after: { requests: requested.length, items } };
}

/** Chooses the 1Y range of the price history chart. */
export async function historyRange(context: BrowserContext, site: string, data: SampleData) {
  const page = await context.newPage();
  await page.goto(`${site}${data.product.route}`, { waitUntil: 'networkidle' });
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('range=1y')),
    page.getByRole('button', { name: '1Y' }).click(),
  ]);
  const pressed = await until(
    () => page.getByRole('button', { name: '1Y' }).getAttribute('aria-pressed'),
    (v) => v === 'true',
  );
  await page.close();
  return { status: response.status(), pressed };
}

/** The pagination control on the first page of the brands list (35 brands, 24 a page), and where "next" goes. */
export async function paginationOnFirstPage(context: BrowserContext, site: string) {
  const page = await context.newPage();
  await page.goto(`${site}/en-ch/brands`, { waitUntil: 'networkidle' });
  const disabled = await page.locator('.pagination [aria-disabled="true"]').allInnerTexts();
  await page.locator('.pagination a[rel="next"]').click();
  await page.waitForURL(/page=2/);
  // The address changes a moment before the new page is drawn.
  const current = await until(
    () => page.locator('.pagination [aria-current="page"]').innerText(),
    (text) => text === 'Page 2',
  );
  await page.close();
  return { disabled: disabled.map((t) => t.trim()), current };
}

/** Submits the login form empty (browser-side checks), then filled (the server answers). */
export async function loginForm(context: BrowserContext, site: string) {
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${site}/en-ch/login`, { waitUntil: 'networkidle' });
  await page.locator('main').getByRole('button', { name: 'Log in' }).click();
  const fieldErrors = await page.locator('.field-error').allInnerTexts();
  await page.getByLabel('Email').fill('visitor@example.com');
  await page.getByLabel('Password', { exact: true }).fill('secret-password');
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.locator('main').getByRole('button', { name: 'Log in' }).click(),
  ]);
  const alert = await until(
    () =>
      page
        .getByRole('alert')
        .innerText()
        .catch(() => ''),
    (text) => text !== '',
  );
  const token = await page.locator('input[name=_csrf]').inputValue();
  const cookie = (await context.cookies(site))
    .filter((c) => c.name === 'XSRF-TOKEN')
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
  await page.close();
  return {
    fieldErrors,
    status: response.status(),
    alert,
    token,
    cookie,
    errors: errors.filter((e) => !e.includes('status of 401')),
  };
}
