import { AlreadyExistsError, ConflictError } from '@pc/kit/errors/domain-errors';
import type { DocumentStore } from '@pc/kit/ports/document-store';

type StoredSetting<T> = T & { readonly _id: string; readonly createdAt: string };

/**
 * A value made on the first start and kept in the service's `settings` collection (a key pair, a
 * signing key), so restarts and every replica use the same one. Concurrent first starts agree:
 * only one insert wins, the others read it. `made` says whether this call made it.
 */
export async function settingMadeOnce<T extends Record<string, unknown>>(
  store: DocumentStore,
  id: string,
  make: () => T,
): Promise<{ value: T; made: boolean }> {
  const settings = await store.collection<StoredSetting<T>>({ name: 'settings' });
  const existing = await settings.get(id);
  if (existing) return { value: existing, made: false };
  const value = make();
  try {
    await settings.put({ ...value, _id: id, createdAt: new Date().toISOString() }, { expectedVersion: 0 });
    return { value, made: true };
  } catch (error) {
    if (!(error instanceof ConflictError || error instanceof AlreadyExistsError)) throw error;
    const winner = await settings.get(id);
    if (!winner) throw error;
    return { value: winner, made: false };
  }
}
