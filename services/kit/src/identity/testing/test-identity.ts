import { exportJWK, generateKeyPair, type JSONWebKeySet, type JWK } from 'jose';
import { CALL_GRAPH, type CallGraph } from '../call-graph.js';
import { identityFromKeys, processIdentity, setProcessIdentity, type ProcessIdentity } from '../process-identity.js';

/** Key pairs for a set of principals, made once per test file: the private JWKs and the trusted JWKS. */
export interface TestKeys {
  readonly privateKeys: ReadonlyMap<string, JWK>;
  readonly trust: JSONWebKeySet;
}

let shared: Promise<TestKeys> | undefined;

/** Fresh keys for `principals` (kid `<principal>:test`). */
export async function makeTestKeys(principals: readonly string[]): Promise<TestKeys> {
  const privateKeys = new Map<string, JWK>();
  const trust: JWK[] = [];
  for (const principal of principals) {
    const { publicKey, privateKey } = await generateKeyPair('EdDSA', { extractable: true });
    const kid = `${principal}:test`;
    privateKeys.set(principal, { ...(await exportJWK(privateKey)), kid, alg: 'EdDSA' });
    trust.push({ ...(await exportJWK(publicKey)), kid, alg: 'EdDSA' });
  }
  return { privateKeys, trust: { keys: trust } };
}

/** One set of keys for every principal of the call graph, shared by the test file. */
export const platformTestKeys = (): Promise<TestKeys> => (shared ??= makeTestKeys(Object.keys(CALL_GRAPH)));

/** The identity of `principal` from test keys (the platform's unless given). */
export async function testIdentity(
  principal: string,
  keys?: TestKeys,
  graph: CallGraph = CALL_GRAPH,
): Promise<ProcessIdentity> {
  const { privateKeys, trust } = keys ?? (await platformTestKeys());
  const key = privateKeys.get(principal);
  if (!key) throw new Error(`no test key for ${principal}`);
  return identityFromKeys(principal, key, trust, graph);
}

/**
 * The identity of `principal` in a test platform: every service of the test runs in this process,
 * and a handler's own calls, like a service's background work (consumers, jobs, what its app's
 * start sets going), sign as its service (ProcessIdentity.asPrincipal), so the call graph and the
 * staff rule judge them as in production.
 */
export async function platformTestIdentity(principal: string): Promise<ProcessIdentity> {
  const keys = await platformTestKeys();
  const identities = new Map<string, ProcessIdentity>();
  const identityOf = (name: string): ProcessIdentity | undefined => {
    const key = keys.privateKeys.get(name);
    if (!key) return undefined;
    let identity = identities.get(name);
    if (!identity) {
      identity = { ...identityFromKeys(name, key, keys.trust), asPrincipal: identityOf };
      identities.set(name, identity);
    }
    return identity;
  };
  const identity = identityOf(principal);
  if (!identity) throw new Error(`no test key for ${principal}`);
  return identity;
}

/**
 * For a test file whose services and clients share the process: every server in it verifies its
 * callers, a handler's calls and a service's background work sign as its service (ADR 068), and
 * the test's own calls sign as `principal`
 * (default `ops`, a user front, so a request's `actor_user_id` travels as a signed user token).
 * The jest runs of unit, service and contract tests do this for every file
 * (scripts/jest/with-test-identity.ts); a file calls it to be another principal from the start.
 * Returns a function that switches the test's calls to another principal mid-test.
 */
export function useTestIdentity(principal = 'ops'): (principal: string) => Promise<void> {
  const become = async (name: string): Promise<void> => setProcessIdentity(await platformTestIdentity(name));
  let before: ProcessIdentity | undefined;
  beforeAll(() => {
    before = processIdentity();
    return become(principal);
  });
  afterAll(() => setProcessIdentity(before));
  return become;
}

/**
 * For the tests that check what a process without an identity does (in-process harnesses before
 * callers were verified): no server in the file verifies, no client signs.
 */
export function useNoIdentity(): void {
  let before: ProcessIdentity | undefined;
  beforeAll(() => {
    before = processIdentity();
    setProcessIdentity(undefined);
  });
  afterAll(() => setProcessIdentity(before));
}
