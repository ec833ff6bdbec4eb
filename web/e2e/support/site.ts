import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startPlatform, type RunningPlatform } from '../../../scripts/e2e/platform-process';

/** The folder of the browser tests' screenshots (named in the README; CI keeps artifacts/). */
export const SCREENSHOTS = join(__dirname, '..', '..', '..', 'artifacts', 'screenshots');

/**
 * `npm start` on its own ports (offset 3: offsets 0 and 1 belong to the platform's e2e tests),
 * seeded with a small demo dataset: enough brands with more than ten products for the rows.
 */
export function startSeededPlatform(): Promise<RunningPlatform> {
  // STOREFRONT_E2E_PORT_OFFSET: another offset, to run it beside a platform already on offset 3.
  return startPlatform(Number(process.env.STOREFRONT_E2E_PORT_OFFSET ?? 3), {
    seedArgs: '--products 240 --shops 24 --history-days 60 --reviews 3',
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: false });
}

/** Some ids of the seeded data, read through the JSON API (the pages must show them). */
export async function sampleData(siteUrl: string) {
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${siteUrl}${path}`);
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return (await response.json()) as T;
  };
  const products = await get<{
    data: {
      id: string;
      route: string;
      name: string;
      offers: number;
      brand: { slug: string } | null;
      category: { id: string } | null;
    }[];
  }>('/api/products?locale=en-ch&sort=rank&hitsPerPage=50&with_offers=true');
  const withMany = [...products.data].sort((a, b) => b.offers - a.offers)[0];
  if (!withMany) throw new Error('the seeded platform has no product with offers');
  const other = products.data.find((p) => p.id !== withMany.id) ?? withMany;
  const shops = await get<{ data: { id: string }[] }>('/api/shops?locale=en-ch&hitsPerPage=1');
  const categories = await get<{ data: { id: string; name: string }[] }>(
    '/api/categories?locale=en-ch&hitsPerPage=1&sort=products',
  );
  return {
    product: withMany,
    /** A second product, for the page that shows two (the compare page). */
    otherProduct: other,
    brand: withMany.brand?.slug ?? '',
    category: categories.data[0]?.id ?? '',
    categoryName: categories.data[0]?.name ?? '',
    shop: shops.data[0]?.id ?? '',
  };
}

export type SampleData = Awaited<ReturnType<typeof sampleData>>;
