import { pino } from 'pino';
import type { BatchGetProductsRequest, BatchGetProductsResponse } from '@pc/proto/catalog/v1/catalog';
import { ProductNames, type BatchGetProductsCall } from './product-names.js';

/**
 * How often catalog is asked for a name (the cache policy alone: catalog's answers are the real
 * service's in notifications-alert-words.test.ts). The call records each request and answers as
 * catalog would, or fails as a catalog that is down does.
 */
function catalogAnswering(answer: (request: BatchGetProductsRequest) => BatchGetProductsResponse | Error) {
  const asked: string[] = [];
  const call: BatchGetProductsCall = {
    batchGetProducts: async (request) => {
      asked.push(`${request.language}:${request.productIds.join(',')}`);
      const result = answer(request);
      if (result instanceof Error) throw result;
      return result;
    },
  };
  return { call, asked };
}

const silent = pino({ level: 'silent' });

describe('product names for alerts', () => {
  it('asks catalog once per product and language while the name is kept', async () => {
    const { call, asked } = catalogAnswering((request) => ({
      products: [{ id: request.productIds[0] ?? '', name: `Name in ${request.language}` } as never],
      missingIds: [],
    }));
    const names = new ProductNames(call, silent);
    expect(await names.of('p1', 'de')).toBe('Name in de');
    expect(await names.of('p1', 'de')).toBe('Name in de');
    expect(await names.of('p1', 'fr')).toBe('Name in fr');
    expect(asked).toEqual(['de:p1', 'fr:p1']);
  });

  it('gives an empty name while catalog fails, and does not ask again for a while', async () => {
    const { call, asked } = catalogAnswering(() => new Error('deadline exceeded'));
    const names = new ProductNames(call, silent, 600_000, 50);
    expect([await names.of('p1', 'en'), await names.of('p1', 'en')]).toEqual(['', '']);
    expect(asked).toEqual(['en:p1']);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await names.of('p1', 'en');
    expect(asked).toEqual(['en:p1', 'en:p1']);
  });
});
