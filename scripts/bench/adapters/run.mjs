// bench:adapters — the same workload through the embedded and the real adapter of each port,
// in one run, printed side by side. Real engines come from scripts/engines/engines.sh (their
// URLs from the environment or $ENGINES_HOME/env.sh); a missing engine prints "—".
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { openEmbeddedEventBus } from '@pc/embedded-event-log/open-embedded-event-bus';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { openEmbeddedSearchIndex } from '@pc/embedded-search-index/embedded-search-index';
import { createEmbeddedCache } from '@pc/in-process-cache/embedded-cache';
import { openKafkaEventBus } from '@pc/kafka-event-bus/open-kafka-event-bus';
import { openMongoDocumentStore } from '@pc/mongodb-document-store/mongo-document-store';
import { openElasticsearchSearchIndex } from '@pc/elasticsearch-search-index/elasticsearch-search-index';
import { openRedisCache } from '@pc/redis-cache/redis-cache';
import { clusterUrls } from '../../engines/engine-urls.mjs';
import { eventsWorkload } from './events.mjs';
import { documentsWorkload } from './documents.mjs';
import { searchWorkload } from './search.mjs';
import { cacheWorkload } from './cache.mjs';
import { fmt } from './stats.mjs';

const dir = mkdtempSync(join(tmpdir(), 'bench-adapters-'));
const urls = clusterUrls();
const logger = pino({ level: 'silent' });
const only = process.argv.slice(3); // e.g. `npm run bench:adapters -- search`

const ports = [
  {
    port: 'EventBus',
    workload: eventsWorkload,
    embedded: () => openEmbeddedEventBus({ path: join(dir, 'events.sqlite') }),
    real:
      urls.KAFKA_BROKERS &&
      (() => openKafkaEventBus({ brokers: urls.KAFKA_BROKERS.split(','), clientId: 'bench', logger })),
    realName: 'Kafka',
  },
  {
    port: 'DocumentStore',
    workload: documentsWorkload,
    embedded: () => openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') }),
    real:
      urls.MONGODB_URI && (() => openMongoDocumentStore({ uri: urls.MONGODB_URI, database: `bench_${process.pid}` })),
    realName: 'MongoDB (FerretDB)',
  },
  {
    port: 'SearchIndex',
    workload: searchWorkload,
    embedded: () => openEmbeddedSearchIndex({ path: join(dir, 'search.sqlite') }),
    real:
      urls.ELASTICSEARCH_URL &&
      (() => openElasticsearchSearchIndex({ node: urls.ELASTICSEARCH_URL, indexPrefix: `bench-${process.pid}` })),
    realName: 'Elasticsearch',
  },
  {
    port: 'Cache',
    workload: cacheWorkload,
    embedded: () => createEmbeddedCache({}),
    real: urls.REDIS_URL && (() => openRedisCache({ url: urls.REDIS_URL, keyPrefix: `bench${process.pid}:` })),
    realName: 'Redis',
  },
];

console.log(`bench:adapters — node ${process.version}, ${cpus().length} cores, ${new Date().toISOString()}`);
for (const { port, workload, embedded, real, realName } of ports) {
  if (only.length > 0 && !only.some((name) => port.toLowerCase().startsWith(name.toLowerCase()))) continue;
  const results = {};
  for (const [name, open] of [
    ['embedded', embedded],
    [realName, real],
  ]) {
    if (!open) continue;
    const adapter = await open();
    try {
      results[name] = await workload(adapter);
    } finally {
      await adapter.close();
    }
  }
  const columns = ['embedded', realName];
  const metrics = Object.keys(results.embedded ?? {});
  console.log(`\n${port}`);
  console.log(`${'metric'.padEnd(26)}${columns.map((c) => c.padStart(20)).join('')}`);
  for (const metric of metrics) {
    const digits = metric.includes('ms') ? 1 : 0;
    console.log(`${metric.padEnd(26)}${columns.map((c) => fmt(results[c]?.[metric], digits).padStart(20)).join('')}`);
  }
}
rmSync(dir, { recursive: true, force: true });
process.exit(0);
