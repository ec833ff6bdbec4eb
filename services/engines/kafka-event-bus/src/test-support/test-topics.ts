import { Kafka, logLevel } from 'kafkajs';

/** Deletes every topic whose name starts with `prefix` (a platform namespace's, ADR 016). */
export async function deleteTopicsNamed(brokers: readonly string[], prefix: string): Promise<void> {
  const admin = new Kafka({ clientId: 'drop-namespace', brokers: [...brokers], logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(prefix));
    if (topics.length > 0) await admin.deleteTopics({ topics, timeout: 30_000 });
  } finally {
    await admin.disconnect();
  }
}
