import type { Page } from 'playwright-core';
import type { ClusterUrls } from '@pc/engine-profile/testing/drop-namespace';
import { startAccountPlatform, type AccountPlatform } from './account-platform';
import { launchBrowser, watchErrors, type Browser } from './browser';

export interface AccountTestBed {
  readonly env: AccountPlatform;
  readonly site: string;
  /** This test's browser (a fresh profile each test). */
  readonly browser: Browser;
  /** Another browser, reaching only the site (the caller closes it). */
  newBrowser(options?: Parameters<typeof launchBrowser>[0]): Promise<Browser>;
  /** A new page of a browser (this test's by default) on a path, with its console errors collected. */
  open(path: string, on?: Browser): Promise<{ page: Page; errors: string[] }>;
  /** The product page of the fixture's headphones. */
  productPath(): string;
}

/**
 * What every account browser test file shares: `npm start` (or `npm run start:cluster` when the
 * engines' URLs are given) on its own ports (offset 6 and up are ours) started once for the file, and a browser of its own per test that reaches only the
 * site (the fixture's shop images point at hosts under .example, cut off here).
 */
export function accountTestBed(portOffset: number, cluster?: ClusterUrls): AccountTestBed {
  let env: AccountPlatform | undefined;
  let browser: Browser | undefined;
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not up (beforeAll failed?)`);
    return value;
  };
  const bed: AccountTestBed = {
    get env() {
      return need(env, 'the platform');
    },
    get site() {
      return need(env, 'the platform').site;
    },
    get browser() {
      return need(browser, 'the browser');
    },
    async newBrowser(options = {}) {
      const fresh = await launchBrowser(options);
      await fresh.context.route(
        (url) => url.host !== new URL(bed.site).host,
        (route) => route.abort(),
      );
      return fresh;
    },
    async open(path, on) {
      const page = await (on ?? bed.browser).context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${bed.site}${path}`, { waitUntil: 'networkidle' });
      return { page, errors };
    },
    productPath: () => `/en-ch/products/${bed.env.catalogue.products.headphones.productId}`,
  };
  beforeAll(async () => {
    env = await startAccountPlatform(portOffset, cluster);
  }, 300_000);
  afterAll(async () => {
    await env?.stop();
  });
  beforeEach(async () => {
    browser = await bed.newBrowser();
  });
  afterEach(async () => {
    await browser?.close();
  });
  return bed;
}

/** Console errors but the expected: the cut-off images of other hosts and refused calls' statuses. */
export const unexpected = (errors: readonly string[], statuses: readonly number[] = []) =>
  errors.filter((e) => !e.includes('net::ERR_FAILED') && !statuses.some((status) => e.includes(`status of ${status}`)));
