// `npm run seed -- [flags]`: builds the seed (and the proto, kit and engine code it uses) when a source
// is newer than its last build, then runs it with the flags. SKIP_BUILD=1 runs the last build.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const entry = join(here, 'dist', 'main.js');

/** Newest modification time under a folder (sources only: no dist, gen, node_modules). */
function newest(dir) {
  let latest = 0;
  for (const name of readdirSync(dir)) {
    if (['node_modules', 'dist', 'gen', 'build'].includes(name) || name.endsWith('.tsbuildinfo')) continue;
    const path = join(dir, name);
    const stat = statSync(path);
    latest = Math.max(latest, stat.isDirectory() ? newest(path) : stat.mtimeMs);
  }
  return latest;
}

function isStale() {
  if (!existsSync(entry)) return true;
  // tsc -b rewrites its build info on every build that had something to check.
  const buildInfo = join(here, 'tsconfig.tsbuildinfo');
  const builtAt = Math.max(statSync(entry).mtimeMs, existsSync(buildInfo) ? statSync(buildInfo).mtimeMs : 0);
  const packages = [
    join(root, 'services', 'kit'),
    join(root, 'services', 'engines'),
    join(root, 'services', 'lib'),
    join(root, 'proto'),
  ];
  return [join(here, 'src'), ...packages].some((dir) => newest(dir) > builtAt);
}

if (process.env.SKIP_BUILD !== '1' && isStale()) {
  process.stdout.write('seed: building…\n');
  execFileSync(process.execPath, [join(root, 'proto', 'gen.mjs')], { cwd: root, stdio: 'inherit' });
  execFileSync(join(root, 'node_modules', '.bin', 'tsc'), ['-b', join('scripts', 'seed')], {
    cwd: root,
    stdio: 'inherit',
  });
}

const result = spawnSync(process.execPath, ['--enable-source-maps', entry, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
