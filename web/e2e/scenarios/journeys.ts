import type { Page } from 'playwright-core';

/** Home → a category → a product of it (the first card). Returns the product page's path. */
export async function homeToProduct(page: Page, siteUrl: string): Promise<string> {
  await page.goto(`${siteUrl}/en-ch`);
  await page.locator('#categories-heading').waitFor();
  await page.locator('section:has(#categories-heading) .entity-grid a').first().click();
  await page.waitForURL(/\/en-ch\/categories\//);
  await page.locator('.product-grid .product-card a').first().click();
  await page.waitForURL(/\/en-ch\/products\//);
  await page.locator('h1').waitFor();
  return new URL(page.url()).pathname;
}

export const offerRows = (page: Page) => page.locator('.offer-list > .offer-row');
