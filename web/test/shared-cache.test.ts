// The rate-limit windows of several site processes (web/cluster/shared-cache.cjs, ADR 092): the
// primary's in-process cache answers over a real IPC channel with the cluster's 'advanced'
// serialization, and behaves as every Cache adapter must.
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { describeCacheContract } from '@pc/kit/ports/contracts/cache.contract';
import type { Cache } from '@pc/kit/ports/cache';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { sharedCacheClient } = require('../cluster/shared-cache.cjs') as {
  sharedCacheClient: (channel: ChildProcess, options?: { timeoutMs?: number }) => Cache;
};

const primaries: ChildProcess[] = [];
async function primary(): Promise<ChildProcess> {
  const child = fork(join(__dirname, 'fixtures', 'shared-cache-primary.cjs'), [], { serialization: 'advanced' });
  primaries.push(child);
  await once(child, 'spawn');
  return child;
}
afterAll(() => {
  for (const child of primaries) child.kill();
});

describeCacheContract('shared by the site processes (over the cluster channel)', async () =>
  sharedCacheClient(await primary()),
);

describe('the shared cache when the primary does not answer', () => {
  it('fails the call after its timeout, so the rate limits let the request pass', async () => {
    const child = await primary();
    child.kill('SIGSTOP');
    const cache = sharedCacheClient(child, { timeoutMs: 200 });
    await expect(cache.hit('edge:ip:203.0.113.9', 10, 60_000)).rejects.toThrow(/did not answer hit within 200 ms/);
    child.kill('SIGCONT');
    await cache.close();
  });
});
