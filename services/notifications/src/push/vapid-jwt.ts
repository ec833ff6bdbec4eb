import { createPublicKey, verify } from 'node:crypto';

/** The claims of a VAPID JWT (RFC 8292). */
export interface VapidClaims {
  readonly aud: string;
  readonly exp: number;
  readonly sub: string;
}

const json = (part: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

/** A P-256 public key from its uncompressed point (65 bytes, base64url), as VAPID's k= sends it. */
function publicKeyFromPoint(point: Buffer) {
  if (point.length !== 65 || point[0] !== 4) throw new Error('VAPID key is not an uncompressed P-256 point');
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
}

/**
 * Checks an `Authorization: vapid t=<jwt>, k=<key>` header as a push service does: an ES256
 * JWT signed by k, for this push service's origin (aud), not expired and at most 24 h ahead,
 * with a contact (sub). Returns the claims and the key, or throws saying what is wrong.
 */
export function verifyVapidAuthorization(
  header: string,
  origin: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): { claims: VapidClaims; publicKey: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header.trim());
  if (!match?.[1] || !match[2]) throw new Error('Authorization is not "vapid t=…, k=…"');
  const [headerPart = '', payloadPart = '', signaturePart = ''] = match[1].split('.');
  if (json(headerPart).alg !== 'ES256') throw new Error('VAPID JWT is not ES256');
  const key = publicKeyFromPoint(Buffer.from(match[2], 'base64url'));
  const signed = Buffer.from(`${headerPart}.${payloadPart}`);
  if (!verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signaturePart, 'base64url')))
    throw new Error('VAPID JWT signature does not verify');
  const claims = json(payloadPart);
  if (claims.aud !== origin) throw new Error(`VAPID aud ${String(claims.aud)} is not ${origin}`);
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds || claims.exp > nowSeconds + 24 * 3600)
    throw new Error('VAPID exp missing, past or over 24 h ahead');
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub))
    throw new Error('VAPID sub must be a mailto: or https: contact');
  return { claims: { aud: claims.aud, exp: claims.exp, sub: claims.sub }, publicKey: match[2] };
}
