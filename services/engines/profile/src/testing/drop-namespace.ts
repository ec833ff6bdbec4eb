import { parseBrokerList } from '@pc/kafka-event-bus/kafka-event-bus-options';
import { deleteTopicsNamed } from '@pc/kafka-event-bus/test-support/test-topics';
import { mongoDatabaseName } from '@pc/mongodb-document-store/database-name';
import { dropDatabasesNamed } from '@pc/mongodb-document-store/test-support/test-database';
import { deleteKeysUnder } from '@pc/redis-cache/test-support/test-prefix';

export interface ClusterUrls {
  readonly KAFKA_BROKERS: string;
  readonly MONGODB_URI: string;
  readonly ELASTICSEARCH_URL: string;
  readonly REDIS_URL: string;
}

/**
 * Removes what a platform run under PLATFORM_NAMESPACE left on the cluster engines: its Kafka
 * topics, MongoDB databases, Elasticsearch indices and Redis keys (the names this package's
 * `open*` give them). For test runs on shared engines, so they never pile up.
 */
export async function dropNamespace(namespace: string, urls: ClusterUrls): Promise<void> {
  if (!/^[a-z][a-z0-9-]{0,30}$/.test(namespace)) throw new Error(`not a platform namespace: ${namespace}`);
  await Promise.all([
    deleteTopicsNamed(parseBrokerList(urls.KAFKA_BROKERS), `${namespace}.`),
    dropDatabasesNamed(urls.MONGODB_URI, mongoDatabaseName('', namespace)),
    dropIndices(namespace, urls.ELASTICSEARCH_URL),
    deleteKeysUnder(urls.REDIS_URL, `${namespace}:`),
  ]);
}

async function dropIndices(namespace: string, url: string): Promise<void> {
  // By name: Elasticsearch 8 refuses wildcard deletes (action.destructive_requires_name).
  const listed = (await (
    await fetch(`${url}/_cat/indices/${namespace}.*?format=json&h=index&expand_wildcards=all`)
  ).json()) as { index: string }[];
  for (const { index } of listed) await fetch(`${url}/${encodeURIComponent(index)}`, { method: 'DELETE' });
}
