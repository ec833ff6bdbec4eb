// The signing keys of a local platform (services/kit/src/identity): one Ed25519 key per
// principal — every service of services/services.json, the site, the admin app, the seed and
// `ops` (operators' tools and test drivers) — written into DATA_DIR/identity on first start and
// kept after, plus the public keys every process trusts. Each process gets the files of its own
// key and of the trusted keys by env (IDENTITY_KEY_FILE, IDENTITY_TRUST_FILE).
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import serviceList from './service-list.cjs';

/** Principals besides the services (services/kit/src/identity/principals.ts). */
export const CLIENT_PRINCIPALS = ['web', 'admin', 'seed', 'ops'];

const identityDir = (dataDir) => join(dataDir, 'identity');
const keyFile = (dataDir, principal) => join(identityDir(dataDir), `${principal}.jwk`);
const trustFile = (dataDir) => join(identityDir(dataDir), 'trust.jwks');

/** A new key of `principal`: its private JWK and its public JWK (kid `<principal>:<key name>`). */
export function newPrincipalKey(principal, keyName = `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const kid = `${principal}:${keyName}`;
  return {
    privateJwk: { ...privateKey.export({ format: 'jwk' }), kid, alg: 'EdDSA' },
    publicJwk: { ...publicKey.export({ format: 'jwk' }), kid, alg: 'EdDSA' },
  };
}

/**
 * Makes sure every principal has a key under DATA_DIR/identity and the trust file lists every
 * key's public half. Existing keys are kept (a restarted platform keeps its identities).
 */
export function ensureIdentityKeys(dataDir, principals = [...serviceList.SERVICES, ...CLIENT_PRINCIPALS]) {
  mkdirSync(identityDir(dataDir), { recursive: true, mode: 0o700 });
  const trusted = existsSync(trustFile(dataDir)) ? JSON.parse(readFileSync(trustFile(dataDir), 'utf8')).keys : [];
  for (const principal of principals) {
    if (existsSync(keyFile(dataDir, principal))) continue;
    const { privateJwk, publicJwk } = newPrincipalKey(principal);
    writeFileSync(keyFile(dataDir, principal), JSON.stringify(privateJwk), { mode: 0o600 });
    trusted.push(publicJwk);
  }
  writeFileSync(trustFile(dataDir), JSON.stringify({ keys: trusted }, null, 1));
}

/** The env of one principal's process. */
export const identityEnv = (dataDir, principal) => ({
  IDENTITY_KEY_FILE: keyFile(dataDir, principal),
  IDENTITY_TRUST_FILE: trustFile(dataDir),
});

/**
 * Makes this process sign its calls as `principal` with the keys of the platform in `dataDir`
 * (made if missing): benchmarks and tools that call the services. Needs the kit's build.
 */
export async function signAs(dataDir, principal = 'ops') {
  ensureIdentityKeys(dataDir);
  const { loadProcessIdentity } = await import('@pc/kit/identity/process-identity');
  loadProcessIdentity(principal, identityEnv(dataDir, principal));
}

/** The principals that run in the cluster: the services, the site and the admin app. */
const CLUSTER_PRINCIPALS = [...serviceList.SERVICES, 'web', 'admin'];

/**
 * The chart's identity Secret (identity.existingSecret) as a manifest: the private key of every
 * component the chart runs as `<component>.jwk` and all public keys as `trust.jwks`, from the
 * keys under `<folder>/identity` (made if missing, kept otherwise). The seed's and ops' private
 * keys stay in the folder, for the operator's tools: no pod needs them.
 */
export function identitySecretManifest(folder, name) {
  ensureIdentityKeys(folder);
  const principals = CLUSTER_PRINCIPALS;
  const data = Object.fromEntries([
    ...principals.map((principal) => [`${principal}.jwk`, readFileSync(keyFile(folder, principal))]),
    ['trust.jwks', readFileSync(trustFile(folder))],
  ]);
  const manifest = {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name, labels: { 'app.kubernetes.io/part-of': 'pricecompare' } },
    type: 'Opaque',
    data: Object.fromEntries(Object.entries(data).map(([key, bytes]) => [key, bytes.toString('base64')])),
  };
  // JSON is YAML: kubectl and Tilt's k8s_yaml read it as it is.
  return `${JSON.stringify(manifest, null, 1)}\n`;
}

// `node scripts/platform/identity-keys.mjs <folder>`: every principal's key into <folder>/identity
// (for the chart's identity Secret: `kubectl create secret generic … --from-file=<folder>/identity`).
// `… --secret <name> <folder>`: the same keys (kept across runs) printed as that Secret's
// manifest, for `kubectl apply -f -` and the Tiltfile.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const secretName = args[0] === '--secret' ? args[1] : undefined;
  const folder = secretName ? args[2] : args[0];
  if (!folder || (args[0] === '--secret' && !secretName)) {
    process.stderr.write('usage: identity-keys.mjs <folder> | identity-keys.mjs --secret <name> <folder>\n');
    process.exit(64);
  }
  if (secretName) {
    process.stdout.write(identitySecretManifest(folder, secretName));
  } else {
    ensureIdentityKeys(folder);
    process.stdout.write(
      `keys of ${[...serviceList.SERVICES, ...CLIENT_PRINCIPALS].join(', ')} in ${join(folder, 'identity')}\n`,
    );
  }
}
