// A second search process for bench:core: the same service, fed by the same event log, on the
// Elasticsearch adapter (its own index prefix, consumer group and side state), so one run
// answers the same queries from both adapters.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createServiceClient } from '@pc/kit/grpc/client';
import { SearchServiceService, SearchProductsRequest } from '@pc/proto/search/v1/search';
import { treeRssMiB } from './platform.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startElasticsearchSearch(root, { dataDir, url, port, prefix = 'bench-core' }) {
  const child = spawn(process.execPath, [join(root, 'services', 'search', 'dist', 'main.js')], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      SEARCH_INDEX: 'elasticsearch',
      ELASTICSEARCH_URL: url,
      SEARCH_INDEX_PREFIX: prefix,
      GRPC_PORT: String(port),
      OPS_PORT: String(port + 1000),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const client = createServiceClient(SearchServiceService, `127.0.0.1:${port}`, { deadlineMs: 30_000 });
  const total = async () => Number((await client.searchProducts(SearchProductsRequest.fromPartial({ country: 'CH', language: 'en', page: { hitsPerPage: 1 } }))).page?.total ?? 0);
  // Catch up with the log: wait until its product count stops moving.
  let last = -1;
  for (let stable = 0; stable < 3; ) {
    await sleep(2_000);
    const now = await total().catch(() => -1);
    stable = now > 0 && now === last ? stable + 1 : 0;
    last = now;
  }
  return {
    client,
    total,
    rssMiB: () => treeRssMiB(child.pid),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}
