import webpush from 'web-push';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import { settingMadeOnce } from '@pc/kit/settings/setting-made-once';

export interface VapidKeys {
  /** Uncompressed P-256 public key, base64url: the browser's applicationServerKey. */
  readonly publicKey: string;
  /** Base64url private scalar: a secret (never logged, never answered). */
  readonly privateKey: string;
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
  const { value, made } = await settingMadeOnce(store, 'vapid', () => ({ ...webpush.generateVAPIDKeys() }));
  return { publicKey: value.publicKey, privateKey: value.privateKey, source: made ? 'generated' : 'stored' };
}
