import webpush from 'web-push';
import { ConflictError, AlreadyExistsError } from '@pc/kit/errors/domain-errors';
import type { DocumentStore } from '@pc/kit/ports/document-store';

export interface VapidKeys {
  /** Uncompressed P-256 public key, base64url: the browser's applicationServerKey. */
  readonly publicKey: string;
  /** Base64url private scalar: a secret (never logged, never answered). */
  readonly privateKey: string;
}

interface StoredVapidKeys extends VapidKeys {
  readonly _id: 'vapid';
  readonly createdAt: string;
}

/**
 * The VAPID key pair: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY from the config (the cluster's Secret)
 * when set; otherwise generated on the first start and stored in the service's document store,
 * so restarts and other replicas use the same keys (browser subscriptions are bound to the
 * public key). Concurrent first starts agree: only one insert wins, the others read it.
 */
export async function loadVapidKeys(
  store: DocumentStore,
  configured: { publicKey?: string | undefined; privateKey?: string | undefined },
): Promise<VapidKeys & { source: 'config' | 'stored' | 'generated' }> {
  if (configured.publicKey && configured.privateKey)
    return { publicKey: configured.publicKey, privateKey: configured.privateKey, source: 'config' };
  const settings = await store.collection<StoredVapidKeys>({ name: 'settings' });
  const existing = await settings.get('vapid');
  if (existing) return { publicKey: existing.publicKey, privateKey: existing.privateKey, source: 'stored' };
  const generated = webpush.generateVAPIDKeys();
  try {
    await settings.put({ _id: 'vapid', ...generated, createdAt: new Date().toISOString() }, { expectedVersion: 0 });
    return { ...generated, source: 'generated' };
  } catch (error) {
    if (!(error instanceof ConflictError || error instanceof AlreadyExistsError)) throw error;
    const winner = await settings.get('vapid');
    if (!winner) throw error;
    return { publicKey: winner.publicKey, privateKey: winner.privateKey, source: 'stored' };
  }
}
