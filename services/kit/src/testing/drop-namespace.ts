import { Kafka, logLevel } from 'kafkajs';
import { createConnection } from 'mongoose';
import { Redis } from 'ioredis';
import { parseBrokerList } from '../adapters/kafka/open-kafka-event-bus.js';
import { mongoDatabaseName } from '../adapters/mongo/database-name.js';

export interface ClusterUrls {
  readonly KAFKA_BROKERS: string;
  readonly MONGODB_URI: string;
  readonly ELASTICSEARCH_URL: string;
  readonly REDIS_URL: string;
}

/**
 * Removes what a platform run under PLATFORM_NAMESPACE left on the cluster engines: its Kafka
 * topics, MongoDB databases, Elasticsearch indices and Redis keys (the names
 * @pc/engine-profile gives them). For test runs on shared engines, so they never pile up.
 */
export async function dropNamespace(namespace: string, urls: ClusterUrls): Promise<void> {
  if (!/^[a-z][a-z0-9-]{0,30}$/.test(namespace)) throw new Error(`not a platform namespace: ${namespace}`);
  await Promise.all([
    dropTopics(namespace, urls.KAFKA_BROKERS),
    dropDatabases(namespace, urls.MONGODB_URI),
    dropIndices(namespace, urls.ELASTICSEARCH_URL),
    dropKeys(namespace, urls.REDIS_URL),
  ]);
}

async function dropTopics(namespace: string, brokers: string): Promise<void> {
  const admin = new Kafka({
    clientId: 'drop-namespace',
    brokers: parseBrokerList(brokers),
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(`${namespace}.`));
    if (topics.length > 0) await admin.deleteTopics({ topics, timeout: 30_000 });
  } finally {
    await admin.disconnect();
  }
}

async function dropDatabases(namespace: string, uri: string): Promise<void> {
  const prefix = mongoDatabaseName('', namespace);
  const connection = await createConnection(uri, { serverSelectionTimeoutMS: 5000 }).asPromise();
  try {
    const { databases } = await connection.db!.admin().listDatabases();
    for (const { name } of databases.filter((database) => database.name.startsWith(prefix))) {
      await connection.useDb(name, { useCache: false }).dropDatabase();
    }
  } finally {
    await connection.close();
  }
}

async function dropIndices(namespace: string, url: string): Promise<void> {
  // By name: Elasticsearch 8 refuses wildcard deletes (action.destructive_requires_name).
  const listed = (await (
    await fetch(`${url}/_cat/indices/${namespace}.*?format=json&h=index&expand_wildcards=all`)
  ).json()) as { index: string }[];
  for (const { index } of listed) await fetch(`${url}/${encodeURIComponent(index)}`, { method: 'DELETE' });
}

async function dropKeys(namespace: string, url: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    for await (const keys of redis.scanStream({ match: `${namespace}:*`, count: 500 })) {
      if ((keys as string[]).length > 0) await redis.unlink(...(keys as string[]));
    }
  } finally {
    await redis.quit();
  }
}
