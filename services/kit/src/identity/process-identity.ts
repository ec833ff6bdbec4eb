import { createPrivateKey, type JsonWebKeyInput } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JSONWebKeySet, JWK } from 'jose';
import { CALL_GRAPH, type CallGraph } from './call-graph.js';
import { TokenSigner, TokenVerifier } from './identity-tokens.js';

/** The identity of this process: how it signs its calls, and how it checks its callers. */
export interface ProcessIdentity {
  readonly signer: TokenSigner;
  readonly verifier: TokenVerifier;
  readonly graph: CallGraph;
  /**
   * Where every service runs in this one process (the test platform of test-identity.ts): the
   * identity `principal` signs with, so a handler's own calls and a service's background work
   * (caller.ts `runAsService`) go out as its service's.
   */
  readonly asPrincipal?: (principal: string) => ProcessIdentity | undefined;
}

/** Where a process finds its keys (npm start writes them into DATA_DIR; the chart mounts a Secret). */
export interface IdentityFiles {
  /** This process's private key: a JWK whose `kid` is `<principal>:<key name>`. */
  readonly IDENTITY_KEY_FILE?: string | undefined;
  /** The public keys of every principal (a JWKS). */
  readonly IDENTITY_TRUST_FILE?: string | undefined;
}

let current: ProcessIdentity | undefined;

/** Servers verify every call, clients sign every call, with this identity (undefined: neither). */
export function setProcessIdentity(identity: ProcessIdentity | undefined): void {
  current = identity;
}

export const processIdentity = (): ProcessIdentity | undefined => current;

/** The identity of a principal from its private JWK and the trusted JWKS. */
export function identityFromKeys(
  principal: string,
  privateJwk: JWK,
  trusted: JSONWebKeySet,
  graph: CallGraph = CALL_GRAPH,
): ProcessIdentity {
  const keyId = privateJwk.kid ?? '';
  if (!keyId.startsWith(`${principal}:`))
    throw new Error(`the identity key's kid (${keyId || 'none'}) must be "${principal}:<key name>"`);
  if (privateJwk.kty !== 'OKP' || privateJwk.crv !== 'Ed25519' || !privateJwk.d)
    throw new Error(`the identity key of ${principal} must be a private Ed25519 JWK`);
  // Synchronous, so a process can load its identity while it reads its configuration.
  const key = createPrivateKey({ key: privateJwk as JsonWebKeyInput['key'], format: 'jwk' });
  return { signer: new TokenSigner(principal, key, keyId), verifier: new TokenVerifier(trusted), graph };
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

/**
 * Loads `principal`'s identity from IDENTITY_KEY_FILE and IDENTITY_TRUST_FILE and makes it the
 * process's. Both files are required: a service never serves without checking its callers.
 */
export function loadProcessIdentity(principal: string, files: IdentityFiles): ProcessIdentity {
  if (!files.IDENTITY_KEY_FILE || !files.IDENTITY_TRUST_FILE)
    throw new Error('IDENTITY_KEY_FILE and IDENTITY_TRUST_FILE are required (npm start writes them into DATA_DIR)');
  const identity = identityFromKeys(
    principal,
    readJson<JWK>(files.IDENTITY_KEY_FILE),
    readJson<JSONWebKeySet>(files.IDENTITY_TRUST_FILE),
  );
  setProcessIdentity(identity);
  return identity;
}

/**
 * The identity of an operator's command-line tool: `ops`, from IDENTITY_KEY_FILE and
 * IDENTITY_TRUST_FILE, or else the keys `npm start` wrote under DATA_DIR (default .data).
 */
export function loadToolIdentity(env: NodeJS.ProcessEnv = process.env): ProcessIdentity {
  const folder = join(env.DATA_DIR ?? '.data', 'identity');
  return loadProcessIdentity('ops', {
    IDENTITY_KEY_FILE: env.IDENTITY_KEY_FILE ?? join(folder, 'ops.jwk'),
    IDENTITY_TRUST_FILE: env.IDENTITY_TRUST_FILE ?? join(folder, 'trust.jwks'),
  });
}
