import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/** A key prefix of its own per test file and run, so runs sharing one Redis never meet. */
export function testKeyPrefix(name: string): string {
  return `test:${name}:${randomUUID()}:`;
}

/** Deletes what a run left under its prefix (most contract keys have no TTL). */
export async function deleteKeysUnder(url: string, prefix: string): Promise<void> {
  const admin = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    // The prefix is letters, digits, ':' and '-': nothing SCAN's MATCH would read as a pattern.
    for await (const keys of admin.scanStream({ match: `${prefix}*`, count: 500 })) {
      if ((keys as string[]).length > 0) await admin.unlink(...(keys as string[]));
    }
  } finally {
    await admin.quit();
  }
}
