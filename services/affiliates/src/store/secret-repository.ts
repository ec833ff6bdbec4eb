import { randomBytes } from 'node:crypto';
import { ConflictError } from '@pc/kit/errors/domain-errors';
import type { Collection, DocumentStore } from '@pc/kit/ports/document-store';

interface SecretRecord {
  readonly _id: string;
  readonly value: string;
}

/**
 * Secrets the service makes for itself when none is configured (the visitor key secret): made
 * once, kept in its store, so restarts and replicas share them. The first writer wins a race.
 */
export async function storedSecret(store: DocumentStore, name: string): Promise<string> {
  const secrets: Collection<SecretRecord> = await store.collection<SecretRecord>({ name: 'secrets' });
  const existing = await secrets.get(name);
  if (existing) return existing.value;
  try {
    return (await secrets.put({ _id: name, value: randomBytes(32).toString('base64url') }, { expectedVersion: 0 }))
      .value;
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    return (await secrets.get(name))!.value;
  }
}
