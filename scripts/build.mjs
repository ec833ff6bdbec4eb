// Builds what the platform runs: generated protos, TypeScript (incremental project build), and
// the site and the admin app unless `--ts-only`. Warm runs are near no-ops, so `npm start` calls it
// every time.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const run = (command, args, cwd = root) => execFileSync(command, args, { cwd, stdio: 'inherit' });

run(process.execPath, [join(root, 'proto', 'gen.mjs')]);
run(bin('tsc'), ['-b']);

if (!process.argv.includes('--ts-only')) {
  for (const app of [join(root, 'web'), join(root, 'web', 'admin')]) {
    if (webBuildIsStale(app))
      run(process.execPath, [join(root, 'node_modules', '@remix-run', 'dev', 'dist', 'cli.js'), 'vite:build'], app);
  }
}

/** A Remix app is rebuilt only when a source file is newer than its last build (saves ~20 s). */
function webBuildIsStale(web) {
  const built = join(web, 'build', 'server', 'index.js');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  const newer = (dir) =>
    readdirSync(dir).some((name) => {
      const path = join(dir, name);
      const stat = statSync(path);
      return stat.isDirectory() ? newer(path) : stat.mtimeMs > builtAt;
    });
  return (
    newer(join(web, 'app')) || ['vite.config.ts', 'package.json'].some((f) => statSync(join(web, f)).mtimeMs > builtAt)
  );
}
