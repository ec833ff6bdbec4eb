// A second search process for bench:core: the same service, fed by the same event log, on the
// Elasticsearch adapter (its own index prefix, consumer group and side state), so one run
// answers the same queries from both adapters.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Events } from '@pc/proto/event-catalog';
import { createServiceClient } from '@pc/kit/grpc/client';
import { SearchServiceService, SearchProductsRequest } from '@pc/proto/search/v1/search';
import { identityEnv, signAs } from '../../platform/identity-keys.mjs';
import { treeRssMiB } from './platform.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** What search consumes (services/search/src/events/subscriptions.ts), for its consumer lag. */
export const SEARCH_TOPICS = [
  Events.productCreated,
  Events.productChanged,
  Events.productPriceChanged,
  Events.offerChanged,
  Events.shopChanged,
  Events.shopDeleted,
  Events.clickRecorded,
].map((type) => type.topic);

/**
 * The index prefix of this data dir's Elasticsearch copy: new for a new data dir, so a fresh
 * seed never shares indices with an earlier run's. Other bench-core copies' indices are deleted.
 */
async function copyPrefix(dataDir, url) {
  const file = join(dataDir, 'bench-core-es-prefix');
  if (!existsSync(file)) writeFileSync(file, `bench-core-${randomBytes(4).toString('hex')}`);
  const prefix = readFileSync(file, 'utf8').trim();
  const indices = await (await fetch(`${url}/_cat/indices/bench-core-*?format=json&h=index`)).json();
  for (const { index } of indices)
    if (!index.startsWith(`${prefix}-`)) await fetch(`${url}/${index}`, { method: 'DELETE' });
  return prefix;
}

/** Waits until the consumer group has applied every event of the log (two looks in a row). */
export async function caughtUp(bus, group) {
  for (let zero = 0; zero < 2;) {
    zero = (await bus.consumerLag(group, SEARCH_TOPICS)) === 0 ? zero + 1 : 0;
    await sleep(1_000);
  }
}

/**
 * `products`: how many products the embedded index holds. The copy must hold as many before it is
 * measured: after multiply-platform.mjs its indices are rebuilt from the side state at start, while
 * its gRPC server already answers and its consumer is caught up.
 */
export async function startElasticsearchSearch(root, { dataDir, url, port, bus, products }) {
  const prefix = await copyPrefix(dataDir, url);
  await signAs(dataDir, 'ops');
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
      ...identityEnv(dataDir, 'search'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const client = createServiceClient(SearchServiceService, `127.0.0.1:${port}`, { deadlineMs: 30_000 });
  const total = async () =>
    Number(
      (
        await client.searchProducts(
          SearchProductsRequest.fromPartial({ country: 'CH', language: 'en', page: { hitsPerPage: 1 } }),
        )
      ).page?.total ?? 0,
    );
  let exitCode = null;
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve((exitCode = code ?? -1))));
  try {
    await untilServing(bus, prefix, total, () => exitCode, products);
  } catch (error) {
    child.kill('SIGTERM'); // not left behind when the run gives up
    throw error;
  }
  return {
    client,
    total,
    rssMiB: () => treeRssMiB(child.pid),
    /** Stops the process (again: nothing more). */
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * Measuring while the copy still indexes would time the indexing: waits until its consumer caught
 * up, until it answers (its consumer can be caught up before its gRPC server listens), and until it
 * holds `products` (a rebuild from the side state runs while both are already true).
 */
async function untilServing(bus, prefix, total, exitCode, products) {
  const exited = () => {
    if (exitCode() !== null) throw new Error(`the Elasticsearch search process exited with ${exitCode()}`);
  };
  await caughtUp(bus, `search-indexer.${prefix}`);
  for (let started = Date.now(); ; await sleep(1_000)) {
    exited();
    try {
      await total();
      break;
    } catch (error) {
      if (error.code !== 14 || Date.now() - started > 300_000) throw error; // 14: UNAVAILABLE
    }
  }
  const rebuildSince = Date.now();
  for (let lastReport = Date.now(), held = await total(); held < products; held = await total()) {
    exited();
    if (Date.now() - rebuildSince > 4 * 3_600_000)
      throw new Error(`the Elasticsearch copy holds ${held} of ${products} products after 4 h`);
    if (Date.now() - lastReport > 60_000) {
      console.log(
        `    Elasticsearch copy: ${held.toLocaleString('en')} of ${products.toLocaleString('en')} products indexed (rebuilding)`,
      );
      lastReport = Date.now();
    }
    await sleep(5_000);
  }
}
