// Rotates one principal's identity key (ADR 052, docs/security.md "Secrets and how to rotate
// them") in a folder holding `<principal>.jwk` files and `trust.jwks` — DATA_DIR/identity of a
// local platform, or the files of the chart's identity Secret:
//   node scripts/platform/identity-rotate.mjs add <principal> <folder>      new key beside the old, trusted
//   node scripts/platform/identity-rotate.mjs promote <principal> <folder>  the new key becomes the principal's
//   node scripts/platform/identity-rotate.mjs retire <principal> <folder>   trust only the principal's current key
// Roll every process after `add` and `retire`, and the principal's after `promote`.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { newPrincipalKey } from './identity-keys.mjs';

const [step, principal, folder] = process.argv.slice(2);
if (!['add', 'promote', 'retire'].includes(step) || !principal || !folder) {
  process.stderr.write('usage: identity-rotate.mjs add|promote|retire <principal> <folder>\n');
  process.exit(64);
}
const current = join(folder, `${principal}.jwk`);
const next = `${current}.next`;
const trustPath = join(folder, 'trust.jwks');
const trust = JSON.parse(readFileSync(trustPath, 'utf8'));
const saveTrust = () => writeFileSync(trustPath, JSON.stringify(trust, null, 1));

if (step === 'add') {
  const { privateJwk, publicJwk } = newPrincipalKey(principal);
  writeFileSync(next, JSON.stringify(privateJwk), { mode: 0o600 });
  trust.keys.push(publicJwk);
  saveTrust();
  process.stdout.write(`${publicJwk.kid} trusted; its private key is ${next}\n`);
} else if (step === 'promote') {
  if (!existsSync(next)) throw new Error(`no new key at ${next}: run "add" first`);
  renameSync(next, current);
  process.stdout.write(`${principal} now signs with ${JSON.parse(readFileSync(current, 'utf8')).kid}\n`);
} else {
  const kid = JSON.parse(readFileSync(current, 'utf8')).kid;
  trust.keys = trust.keys.filter((key) => !key.kid.startsWith(`${principal}:`) || key.kid === kid);
  saveTrust();
  process.stdout.write(`only ${kid} of ${principal} is trusted\n`);
}
