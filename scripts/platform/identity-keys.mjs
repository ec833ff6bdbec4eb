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

// `node scripts/platform/identity-keys.mjs <folder>`: every principal's key into <folder>/identity
// (for the chart's identity Secret: `kubectl create secret generic … --from-file=<folder>/identity`).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const folder = process.argv[2];
  if (!folder) {
    process.stderr.write('usage: identity-keys.mjs <folder>\n');
    process.exit(64);
  }
  ensureIdentityKeys(folder);
  process.stdout.write(
    `keys of ${[...serviceList.SERVICES, ...CLIENT_PRINCIPALS].join(', ')} in ${join(folder, 'identity')}\n`,
  );
}
