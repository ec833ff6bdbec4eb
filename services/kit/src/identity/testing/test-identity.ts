import { exportJWK, generateKeyPair, type JSONWebKeySet, type JWK } from 'jose';
import { CALL_GRAPH, type CallGraph } from '../call-graph.js';
import { identityFromKeys, setProcessIdentity, type ProcessIdentity } from '../process-identity.js';

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
 * For a test file whose services and clients share the process: every server in it verifies its
 * callers and every client signs as `principal` (default `ops`, a user front, so a request's
 * `actor_user_id` travels as a signed user token and a suite's calls stay as they were).
 * Returns a function that switches the process to another principal mid-test.
 */
export function useTestIdentity(principal = 'ops'): (principal: string) => Promise<void> {
  const become = async (name: string): Promise<void> => setProcessIdentity(await testIdentity(name));
  beforeAll(() => become(principal));
  afterAll(() => setProcessIdentity(undefined));
  return become;
}
