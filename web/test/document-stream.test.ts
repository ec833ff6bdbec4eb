import { createElement } from 'react';
import type { AppLoadContext, EntryContext } from '@remix-run/node';
import handleRequest from '~/entry.server';

// The page itself stands in for Remix's: what matters here is how entry.server sends what React writes.
jest.mock('@remix-run/react', () => ({
  ...jest.requireActual('@remix-run/react'),
  RemixServer: () =>
    createElement(
      'main',
      null,
      Array.from({ length: 600 }, (_, i) => createElement('p', { key: i }, `Offer ${i}: CHF ${i}.90 incl. shipping`)),
    ),
}));

async function chunksOf(response: Response): Promise<Uint8Array[]> {
  const reader = response.body!.getReader();
  const chunks: Uint8Array[] = [];
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  return chunks;
}

describe('the document as the site sends it', () => {
  // entry.server aborts a render still running after 5 s: that timer is not this test's to wait for.
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }));
  afterEach(() => {
    jest.clearAllTimers();
    jest.useRealTimers();
  });

  // Each chunk is written to the response and flushed: behind compression, one compressed block each.
  it('leaves in one chunk when React writes it in one go, not in a chunk per 2 KB', async () => {
    const response = await handleRequest(
      new Request('http://localhost/en-ch/products/x', { headers: { 'user-agent': 'Mozilla/5.0 Chrome/130' } }),
      200,
      new Headers(),
      { isSpaMode: false } as EntryContext,
      {} as AppLoadContext,
    );
    const chunks = await chunksOf(response);
    const html = Buffer.concat(chunks).toString();
    expect(html.length).toBeGreaterThan(20_000);
    expect(html).toContain('Offer 599: CHF 599.90 incl. shipping</p></main>');
    expect(chunks).toHaveLength(1);
  });
});
