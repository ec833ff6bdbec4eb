import { createDecipheriv, hkdfSync, type ECDH } from 'node:crypto';

/**
 * RFC 8291 (Message Encryption for Web Push) with the RFC 8188 aes128gcm content coding, the
 * receiving side: what a browser does with a push message. Used by our local push endpoint to
 * prove that what the service sends is really encrypted for the subscription's keys.
 */
export interface ReceiverKeys {
  /** The user agent's P-256 ECDH key pair (its public key is the subscription's p256dh). */
  readonly ecdh: ECDH;
  /** The subscription's 16-byte auth secret. */
  readonly authSecret: Buffer;
}

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number): Buffer =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

export function decryptAes128gcm(body: Buffer, keys: ReceiverKeys): Buffer {
  // RFC 8188 header: salt (16) | record size (4) | key id length (1) | key id (the sender's public key).
  if (body.length < 21) throw new Error('aes128gcm body too short');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + idLength);
  if (idLength !== 65 || recordSize < 18) throw new Error('aes128gcm header malformed');
  const receiverPublicKey = keys.ecdh.getPublicKey();
  const ecdhSecret = keys.ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublicKey, senderPublicKey]);
  const ikm = hkdf(ecdhSecret, keys.authSecret, keyInfo, 32);
  const contentKey = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const baseNonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);

  const records = body.subarray(21 + idLength);
  const plain: Buffer[] = [];
  for (let offset = 0, sequence = 0; offset < records.length; offset += recordSize, sequence += 1) {
    const record = records.subarray(offset, offset + recordSize);
    const nonce = Buffer.from(baseNonce);
    // NONCE = base nonce XOR the record's sequence number (96-bit big-endian; ours fit the last 32 bits).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    const last = offset + recordSize >= records.length;
    plain.push(unpad(padded, last));
  }
  return Buffer.concat(plain);
}

/** Strips RFC 8188 padding: the data, a delimiter (2 for the last record, 1 before), zeros. */
function unpad(padded: Buffer, last: boolean): Buffer {
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  const delimiter = padded[end];
  if (delimiter !== (last ? 2 : 1)) throw new Error('aes128gcm padding delimiter wrong');
  return padded.subarray(0, end);
}
