import { createLocalJWKSet, jwtVerify, SignJWT, type JSONWebKeySet, type KeyLike } from 'jose';
import { TOKEN_AUDIENCE } from './principals.js';

/** What a token says once verified: who signed it and whom it is about. */
export interface VerifiedToken {
  /** The principal whose key signed it (`iss`, matched against the key's id). */
  readonly issuer: string;
  /** The service itself for a service token, the user's id for a user token. */
  readonly subject: string;
}

export type TokenKind = 'service' | 'user';

/** Tokens live this long; a signer renews its cached token when half of it is gone. */
export const TOKEN_TTL_SECONDS = 300;
/** Verified tokens remembered (until they expire) so a busy caller is not verified per call. */
const VERIFIED_CACHE_SIZE = 10_000;
/** Signed user tokens remembered per user. */
const SIGNED_CACHE_SIZE = 1_000;

interface Cached {
  readonly token: string;
  readonly renewAt: number;
}

/**
 * Signs this process's tokens with its private key (EdDSA, JWTs through `jose`): the service
 * token that says who calls, and — for the user fronts — the token of the user a call is for.
 * Tokens are short-lived and cached until half their life is gone.
 */
export class TokenSigner {
  private serviceCached: Cached | undefined;
  private readonly userCached = new Map<string, Cached>();

  constructor(
    readonly principal: string,
    private readonly key: KeyLike | Uint8Array,
    private readonly keyId: string,
    private readonly ttlSeconds = TOKEN_TTL_SECONDS,
  ) {}

  serviceToken(): Promise<string> {
    if (this.serviceCached && this.serviceCached.renewAt > Date.now()) return Promise.resolve(this.serviceCached.token);
    return this.sign('service', this.principal).then((cached) => (this.serviceCached = cached).token);
  }

  userToken(userId: string): Promise<string> {
    const cached = this.userCached.get(userId);
    if (cached && cached.renewAt > Date.now()) return Promise.resolve(cached.token);
    return this.sign('user', userId).then((fresh) => {
      if (this.userCached.size >= SIGNED_CACHE_SIZE) this.userCached.clear();
      this.userCached.set(userId, fresh);
      return fresh.token;
    });
  }

  private async sign(kind: TokenKind, subject: string): Promise<Cached> {
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ kind })
      .setProtectedHeader({ alg: 'EdDSA', kid: this.keyId, typ: 'JWT' })
      .setIssuer(this.principal)
      .setSubject(subject)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + this.ttlSeconds)
      .sign(this.key);
    return { token, renewAt: Date.now() + (this.ttlSeconds * 1000) / 2 };
  }
}

/**
 * Verifies tokens against the trusted public keys (a JWKS; each key's `kid` is
 * `<principal>:<key name>`, so a principal may have two keys while one is rotated). A token is
 * accepted only if its key belongs to its issuer, it is of the expected kind, for our audience,
 * and not expired.
 */
export class TokenVerifier {
  private readonly keys: ReturnType<typeof createLocalJWKSet>;
  private readonly verified = new Map<string, { kind: TokenKind; result: VerifiedToken; expiresAt: number }>();

  constructor(trusted: JSONWebKeySet) {
    this.keys = createLocalJWKSet(trusted);
  }

  async verify(token: string, kind: TokenKind): Promise<VerifiedToken> {
    const cached = this.verified.get(token);
    if (cached && cached.expiresAt > Date.now() && cached.kind === kind) return cached.result;
    const { payload, protectedHeader } = await jwtVerify(token, this.keys, {
      audience: TOKEN_AUDIENCE,
      algorithms: ['EdDSA'],
      requiredClaims: ['iss', 'sub', 'exp'],
    });
    if (payload.kind !== kind) throw new Error(`not a ${kind} token`);
    if (!protectedHeader.kid?.startsWith(`${payload.iss}:`)) throw new Error('the key is not the issuer’s');
    const result: VerifiedToken = { issuer: payload.iss!, subject: payload.sub! };
    if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.clear();
    this.verified.set(token, { kind, result, expiresAt: payload.exp! * 1000 });
    return result;
  }
}
