import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import { createServiceClient } from '@pc/kit/grpc/client';
import { adminBed, mainText } from './support/admin-bed';

/**
 * The job dashboard and the data area of the infrastructure panel (issue 42 points 5 and 8, ADR
 * 055) in Debian's Chromium against one `npm start`: the services' durable jobs in one table, a
 * job run now after a confirm step, streamed exports, and an import whose dry run reports bad
 * rows and writes nothing until a clean file is confirmed and applied as a job (brands and
 * products; ADR 061), and the offers export beside the others.
 * Screenshots: artifacts/screenshots/admin-jobs*.png, admin-import*.png, admin-data-*.png.
 */
describe('the job dashboard and the data area', () => {
  const bed = adminBed(12, { ADMIN_REAUTH_MINUTES: '0' });
  const files = mkdtempSync(join(tmpdir(), 'admin-import-'));

  /** Reloads the page until its main text has `text` (a job runs in the background). */
  async function reloadUntil(page: Page, text: string): Promise<void> {
    while (!(await mainText(page)).includes(text)) {
      await page.waitForTimeout(250);
      await page.reload({ waitUntil: 'networkidle' });
    }
  }

  /** Uploads a file for the dry run of an import of `entity` on the data page. */
  async function checkFile(page: Page, entity: string, file: string): Promise<void> {
    await page.getByLabel('Data', { exact: true }).selectOption(entity);
    await page.getByLabel('File', { exact: true }).setInputFiles(file);
    await Promise.all([
      page.waitForLoadState('networkidle'),
      page.getByRole('button', { name: 'Check the file' }).click(),
    ]);
  }

  async function confirmStep(page: Page, button: string): Promise<void> {
    await Promise.all([page.waitForLoadState('networkidle'), page.getByRole('button', { name: button }).click()]);
    expect(await page.getByRole('heading', { level: 2 }).first().innerText()).toContain('Please confirm');
    await Promise.all([page.waitForURL(/done=1/), page.getByRole('button', { name: 'Confirm' }).click()]);
  }

  it("lists the services' jobs, filtered and sorted by the server, and runs a waiting job now after a confirm step", async () => {
    const { page, errors } = await bed.open('/infrastructure/jobs');
    await bed.signIn(page, 'infrastructure', 'root');
    await page.goto(`${bed.admin}/infrastructure/jobs`, { waitUntil: 'networkidle' });
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Jobs');
    expect(await mainText(page)).toContain('offers.freshness-sweep');
    await bed.shot(page, 'jobs');

    await page.getByLabel('State', { exact: true }).selectOption('queued');
    await page.getByLabel('Kind', { exact: true }).selectOption('offers.freshness-sweep');
    await Promise.all([page.waitForURL(/state=queued/), page.getByRole('button', { name: 'Apply' }).click()]);
    const rows = page.locator('.data-table tbody tr');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain('Queued');

    await Promise.all([page.waitForLoadState('networkidle'), rows.first().getByRole('link').click()]);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toContain('offers.freshness-sweep');
    await confirmStep(page, 'Run now');
    await reloadUntil(page, 'Succeeded');
    expect(await page.locator('.job-log').innerText()).toContain('delisted 0 stale');
    await bed.shot(page, 'jobs-detail');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('exports brands as CSV and products as JSON Lines, streamed whole', async () => {
    const { page } = await bed.open('/infrastructure/data');
    await bed.signIn(page, 'infrastructure', 'root');
    await page.goto(`${bed.admin}/infrastructure/data`, { waitUntil: 'networkidle' });
    await bed.shot(page, 'jobs-data');
    const csv = await page.request.get(`${bed.admin}/infrastructure/data/export/brands?format=csv`);
    expect(csv.headers()['content-type']).toContain('text/csv');
    const [header, ...lines] = (await csv.text()).trim().split('\n');
    expect(header).toBe('id,name,slug,homepage_url,logo_url,products_count,created_at,updated_at');
    expect(lines.length).toBeGreaterThan(0);

    const jsonl = await page.request.get(`${bed.admin}/infrastructure/data/export/products?format=jsonl`);
    const products = (await jsonl.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; name: string });
    expect(products.length).toBeGreaterThanOrEqual(40);
    expect(new Set(products.map((product) => product.id)).size).toBe(products.length);
    const bad = await page.request.get(`${bed.admin}/infrastructure/data/export/products?format=xml`);
    expect(bad.status()).toBe(400);
    await page.close();
  });

  it('reports bad rows of an import and writes nothing; a clean file is confirmed and applied as a job', async () => {
    const { page, errors } = await bed.open('/infrastructure/data');
    await bed.signIn(page, 'infrastructure', 'root');
    const csv = await page.request.get(`${bed.admin}/infrastructure/data/export/brands?format=csv`);
    const [, first] = (await csv.text()).trim().split('\n');
    const [brandId, brandName] = first!.split(',');
    const catalog = createServiceClient(CatalogServiceService, `127.0.0.1:${bed.platform.grpcPort('catalog')}`, {
      deadlineMs: 10_000,
    });
    const nameNow = async () => (await catalog.getBrand({ brandId: brandId!, slug: '', language: 'en' })).brand?.name;

    const withErrors = join(files, 'brands-with-errors.csv');
    writeFileSync(withErrors, `id,name,slug\n${brandId},Renamed Brand,\n${brandId},,Not A Slug\nb_missing,Ghost,\n`);
    await page.goto(`${bed.admin}/infrastructure/data`, { waitUntil: 'networkidle' });
    await checkFile(page, 'brands', withErrors);
    const report = await page.locator('.import-report').innerText();
    expect(report).toContain('3 rows: 1 valid, 2 with errors.');
    expect(report).toContain('Nothing was written.');
    const violations = await page.locator('.violations tbody tr').allInnerTexts();
    expect(violations[0]).toMatch(/^2\s+slug\s+must be lower-case/);
    expect(violations[1]).toMatch(/^3\s+—\s+brand b_missing not found/);
    expect(await page.getByRole('button', { name: /^Import/ }).count()).toBe(0);
    await bed.shot(page, 'import-report');
    expect(await nameNow()).toBe(brandName);

    const clean = join(files, 'brands.jsonl');
    writeFileSync(clean, `${JSON.stringify({ id: brandId, name: 'Renamed Brand' })}\n`);
    await checkFile(page, 'brands', clean);
    expect(await page.locator('.import-report').innerText()).toContain('1 rows: 1 valid, 0 with errors.');
    expect(await nameNow()).toBe(brandName);
    await confirmStep(page, 'Import 1 rows');
    expect(new URL(page.url()).pathname).toMatch(/^\/admin\/infrastructure\/jobs\/catalog\//);
    await reloadUntil(page, 'Succeeded');
    expect(await page.locator('.job-log').innerText()).toContain('applied 1 of 1 rows');
    await bed.shot(page, 'import-job');
    expect(await nameNow()).toBe('Renamed Brand');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('imports products: the dry run reports bad rows by row and column, a confirmed clean file is applied as a job', async () => {
    const { page, errors } = await bed.open('/infrastructure/data');
    await bed.signIn(page, 'infrastructure', 'root');
    const jsonl = await page.request.get(`${bed.admin}/infrastructure/data/export/products?format=jsonl`);
    const [first] = (await jsonl.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; name: string; status: string })
      .filter((product) => product.status === 'active');
    const catalog = createServiceClient(CatalogServiceService, `127.0.0.1:${bed.platform.grpcPort('catalog')}`, {
      deadlineMs: 10_000,
    });
    const productNow = async () => (await catalog.getProduct({ productId: first!.id, language: 'en' })).product;

    const withErrors = join(files, 'products-with-errors.csv');
    writeFileSync(
      withErrors,
      `id,name,images\n${first!.id},Imported Name,https://img.example.test/front.jpg\n${first!.id},,ftp://img.example.test/side.jpg\np_missing,Ghost,\n`,
    );
    await page.goto(`${bed.admin}/infrastructure/data`, { waitUntil: 'networkidle' });
    await checkFile(page, 'products', withErrors);
    const report = await page.locator('.import-report').innerText();
    expect(report).toContain('3 rows: 1 valid, 2 with errors.');
    expect(report).toContain('Nothing was written.');
    const violations = await page.locator('.violations tbody tr').allInnerTexts();
    expect(violations[0]).toMatch(/^2\s+images\s+must be an http\(s\) URL/);
    expect(violations[1]).toMatch(/^3\s+—\s+product p_missing not found/);
    expect(await page.getByRole('button', { name: /^Import/ }).count()).toBe(0);
    await bed.shot(page, 'data-products-report');
    expect((await productNow())?.name).toBe(first!.name);

    const clean = join(files, 'products.jsonl');
    const row = {
      id: first!.id,
      name: 'Imported Name',
      images: ['https://img.example.test/front.jpg'],
      attributes: [{ group: '', name: 'Colour', value: 'Black' }],
    };
    writeFileSync(clean, `${JSON.stringify(row)}\n`);
    await checkFile(page, 'products', clean);
    expect(await page.locator('.import-report').innerText()).toContain('1 rows: 1 valid, 0 with errors.');
    expect((await productNow())?.name).toBe(first!.name);
    await confirmStep(page, 'Import 1 rows');
    expect(new URL(page.url()).pathname).toMatch(/^\/admin\/infrastructure\/jobs\/catalog\//);
    await reloadUntil(page, 'Succeeded');
    expect(await page.locator('.job-log').innerText()).toContain('applied 1 of 1 rows');
    await bed.shot(page, 'data-products-job');
    expect(await productNow()).toMatchObject({
      name: 'Imported Name',
      images: [expect.objectContaining({ src: 'https://img.example.test/front.jpg' })],
      features: [{ group: '', name: 'Colour', value: 'Black' }],
    });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('exports offers as CSV and JSON Lines beside the other exports, streamed whole', async () => {
    const { page, errors } = await bed.open('/infrastructure/data');
    await bed.signIn(page, 'infrastructure', 'infrastructure');
    await page.goto(`${bed.admin}/infrastructure/data`, { waitUntil: 'networkidle' });
    const offersRow = page.locator('table.exports tbody tr', { hasText: 'Offers' });
    expect(await offersRow.getByRole('link').allInnerTexts()).toEqual(['CSV', 'JSON Lines']);
    await bed.shot(page, 'data-exports');

    const csv = await page.request.get(`${bed.admin}/infrastructure/data/export/offers?format=csv`);
    expect(csv.headers()['content-type']).toContain('text/csv');
    const [header, ...lines] = (await csv.text()).trim().split('\n');
    expect(header).toBe(
      'id,shop_id,shop,shop_offer_id,product_id,name,country,currency,price,list_price,shipping,availability,gtin,mpn,url,image_url,active,first_seen_at,observed_at,price_changed_at,version',
    );
    expect(lines.length).toBeGreaterThan(0);
    const jsonl = await page.request.get(`${bed.admin}/infrastructure/data/export/offers?format=jsonl`);
    const offers = (await jsonl.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; price: string; currency: string });
    expect(offers.length).toBeGreaterThan(0);
    expect(new Set(offers.map((offer) => offer.id)).size).toBe(offers.length);
    expect(offers[0]?.price).toMatch(/^\d+\.\d{2}$/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('refuses an import to staff without the data’s own panel role', async () => {
    const { page } = await bed.open('/infrastructure/data');
    await bed.signIn(page, 'infrastructure', 'infrastructure');
    await page.goto(`${bed.admin}/infrastructure/data`, { waitUntil: 'networkidle' });
    const file = join(files, 'one.jsonl');
    writeFileSync(file, `${JSON.stringify({ id: 'b_any', name: 'X' })}\n`);
    await checkFile(page, 'brands', file);
    expect(await mainText(page)).toContain('staff:shopping');
    await page.close();
  });
});
