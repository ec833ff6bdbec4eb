// Entry of `npm run bench:*`: builds the TypeScript once (incremental), then runs one benchmark.
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const benches = {
  rpc: 'rpc/run.mjs',
  engines: 'engines/run.mjs',
  adapters: 'adapters/run.mjs',
  core: 'core/run.mjs',
  web: 'web/run.mjs',
  freshness: 'web/freshness.mjs',
  accounts: 'accounts/run.mjs',
  feeds: 'feeds/run.mjs',
  billing: 'billing/run.mjs',
  business: 'business/run.mjs',
  clicks: 'clicks/run.mjs',
  crawler: 'crawler/run.mjs',
  admin: 'admin/run.mjs',
};
const name = process.argv[2];
if (!benches[name]) {
  console.error(`usage: node scripts/bench/run.mjs <${Object.keys(benches).join('|')}> [args]`);
  process.exit(2);
}
// bench:core, bench:web, bench:freshness, bench:clicks, bench:business and bench:crawler run the site; the others need only the TypeScript.
const buildArgs = ['core', 'web', 'freshness', 'clicks', 'business', 'crawler'].includes(name) ? [] : ['--ts-only'];
execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs'), ...buildArgs], { stdio: 'inherit', cwd: root });
await import(join(root, 'scripts', 'bench', benches[name]));
