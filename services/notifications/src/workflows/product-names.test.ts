import { pino } from 'pino';
import { CatalogServiceService } from '@pc/proto/catalog/v1/catalog';
import { createServiceClient } from '@pc/kit/grpc/client';
import {
  newDataDir,
  offer,
  removeDataDir,
  startCatalog,
  type RunningCatalog,
} from '../../../catalog/src/test-support/catalog-harness.js';
import { ProductNames } from './product-names.js';

/** A logger that keeps the warnings: each is one failed read of catalog. */
function warnings() {
  const lines: string[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}

describe('product names for alerts, read from the real catalog', () => {
  let catalog: RunningCatalog;
  let dataDir = '';
  let productId = '';
  beforeAll(async () => {
    dataDir = newDataDir();
    catalog = await startCatalog(dataDir);
    productId = (await catalog.client.matchProduct(offer({ title: 'Sony WH-1000XM5 Headphones' }))).productId;
  });
  afterAll(() => removeDataDir(dataDir));

  it('keeps a name it read: with catalog stopped, the same product and language are still named', async () => {
    const { logger, lines } = warnings();
    const names = new ProductNames(createServiceClient(CatalogServiceService, catalog.address), logger);
    const name = await names.of(productId, 'en');
    expect(name).toContain('WH-1000XM5');
    await catalog.stop();
    expect(await names.of(productId, 'en')).toBe(name);
    expect(lines).toEqual([]);
  });

  it('gives an empty name while catalog cannot be reached, and does not ask again for a while', async () => {
    const { logger, lines } = warnings();
    const client = createServiceClient(CatalogServiceService, '127.0.0.1:1', { deadlineMs: 2_000 });
    const names = new ProductNames(client, logger, 600_000, 100);
    expect([await names.of('p1', 'en'), await names.of('p1', 'en')]).toEqual(['', '']);
    expect(lines).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await names.of('p1', 'en')).toBe('');
    expect(lines).toHaveLength(2);
  });
});
