import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { runAsCaller } from '@pc/kit/identity/caller';
import { processIdentity } from '@pc/kit/identity/process-identity';
import { serveOffersStandIn, type OffersStandIn } from '@pc/kit/identity/testing/offers-stand-in';
import { useTestIdentity } from '@pc/kit/identity/testing/test-identity';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import { eventually } from '@pc/kit/testing/eventually';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { JobQueue } from './job-queue.js';

/**
 * In a test platform every service shares the process: a job calls its peers as the service whose
 * queue runs it (ADR 068), so the call graph judges it as in production — billing may call
 * offers' GetShop, not GetFxRates.
 */
describe('a job calls as the service whose queue runs it', () => {
  useTestIdentity('ops');
  let dir: string;
  let store: DocumentStore;
  let offers: OffersStandIn;
  let queue: JobQueue;
  const seen: { getShop: string; getFxRates: string }[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'job-identity-'));
    store = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
    offers = await serveOffersStandIn();
    queue = (
      await JobQueue.open(store, 'billing', { logger: pino({ level: 'silent' }), tickMs: 10, heartbeatMs: 10 })
    ).define({ kind: 'billing.who-calls', maxAttempts: 1, run: async () => void seen.push(await offers.whoCalls()) });
    await queue.start();
  });

  afterAll(async () => {
    await queue.stop();
    closeAllChannels();
    await offers.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('signs a queued job’s calls as its service, and a first attempt made in another service’s request too', async () => {
    await queue.enqueue('billing.who-calls', null);
    await eventually(() => seen.length === 1);
    // A mail's first attempt runs in the path of the request that sends it: here a catalog handler's.
    const catalog = processIdentity()?.asPrincipal?.('catalog');
    await runAsCaller(
      { principal: 'web', userId: 'u1', userToken: undefined },
      () => queue.enqueueAndRunHere('billing.who-calls', null),
      catalog,
    );

    const asBilling = { getShop: 'billing', getFxRates: 'refused PERMISSION_DENIED' };
    expect(seen).toEqual([asBilling, asBilling]);
  });
});
