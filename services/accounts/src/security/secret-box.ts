import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import { settingMadeOnce } from '@pc/kit/settings/setting-made-once';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A 32-byte key from a configured secret (at least 32 characters), bound to this one use. */
const keyFrom = (secret: string): Buffer =>
  Buffer.from(hkdfSync('sha256', secret, '', 'pricecompare accounts sealed secrets', 32));

/** Which key sealed a value: a short digest of it, so a sealed value finds its key among several. */
const keyIdOf = (key: Buffer): string => createHash('sha256').update(key).digest('base64url').slice(0, 8);

/**
 * Seals small secrets the service must read back (an authenticator app's secret, ADR 153) with
 * AES-256-GCM from node's crypto: a copy of the database alone does not give them away. Each
 * value is bound to a context (the user's id) as associated data, so a sealed secret copied onto
 * another user does not open. The first key seals; older keys still open what they sealed, so a
 * key can be rotated (docs/security.md).
 */
export class SecretBox {
  private readonly keys: readonly { readonly id: string; readonly key: Buffer }[];

  constructor(keys: readonly Buffer[]) {
    if (keys.length === 0) throw new Error('SecretBox needs a key');
    this.keys = keys.map((key) => ({ id: keyIdOf(key), key }));
  }

  /** `<key id>.<iv>.<tag>.<ciphertext>`, base64url parts. */
  seal(plain: string, context: string): string {
    const { id, key } = this.keys[0]!;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join(
      '.',
    );
  }

  /** The plain value; throws when no key of this box sealed it or it was altered. */
  open(sealed: string, context: string): string {
    const [id, iv, tag, data] = sealed.split('.');
    const entry = this.keys.find((k) => k.id === id);
    if (!entry || !iv || !tag || data === undefined) throw new Error('sealed with a key this service does not hold');
    const decipher = createDecipheriv(ALGORITHM, entry.key, Buffer.from(iv, 'base64url'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** Whether a value was sealed with an older key (it is sealed again with the current one when next used). */
  sealedWithOlderKey(sealed: string): boolean {
    return !sealed.startsWith(`${this.keys[0]!.id}.`);
  }
}

/**
 * The box of accounts' sealed secrets: ACCOUNTS_SEAL_KEY (the cluster's Secret) and any
 * ACCOUNTS_SEAL_KEYS_OLD when set; otherwise a key made on the first start and kept in the
 * service's `settings` collection, so restarts and replicas agree (the embedded profile).
 */
export async function openSecretBox(
  store: DocumentStore,
  configured: string | undefined,
  old: readonly string[] = [],
): Promise<SecretBox> {
  if (configured) return new SecretBox([configured, ...old].map(keyFrom));
  const { value } = await settingMadeOnce(store, 'seal-key', () => ({ secret: randomBytes(32).toString('base64url') }));
  return new SecretBox([keyFrom(value.secret), ...old.map(keyFrom)]);
}
