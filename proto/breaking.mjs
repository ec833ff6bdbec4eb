// `buf breaking` in `npm run lint`: the protos of the working tree against those of the commit
// this work started from. That is the merge base with main (origin/main, else the local main),
// or the previous commit when the work is main itself. The base's proto/ is taken with
// `git archive`, so it works in worktrees and fresh clones alike; a clone without any base
// commit (a single-commit shallow clone) says so and passes.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const git = (...args) => {
  const result = spawnSync('git', args, { cwd: here, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
};

function baseCommit() {
  const head = git('rev-parse', 'HEAD');
  if (!head) return null;
  for (const main of ['origin/main', 'main']) {
    if (!git('rev-parse', '--verify', '--quiet', `${main}^{commit}`)) continue;
    const mergeBase = git('merge-base', 'HEAD', main);
    if (mergeBase && mergeBase !== head) return { commit: mergeBase, why: `the merge base with ${main}` };
    if (mergeBase === head) break; // on main (or not ahead of it): the previous commit
  }
  const previous = git('rev-parse', '--verify', '--quiet', 'HEAD~1^{commit}');
  return previous ? { commit: previous, why: 'the previous commit' } : null;
}

function compare(base) {
  const dir = mkdtempSync(join(tmpdir(), 'pc-proto-base-'));
  try {
    const archive = execFileSync('git', ['archive', '--format=tar', base.commit, '--', '.'], {
      cwd: here,
      maxBuffer: 256 * 1024 * 1024,
    });
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
    const against = `${base.commit.slice(0, 12)} (${base.why})`;
    if (!existsSync(join(dir, 'buf.yaml'))) {
      console.log(`buf breaking: SKIPPED, ${against} has no proto/buf.yaml`);
      return 0;
    }
    const buf = join(here, '..', 'node_modules', '.bin', 'buf');
    const result = spawnSync(existsSync(buf) ? buf : 'buf', ['breaking', '--against', dir], {
      cwd: here,
      stdio: 'inherit',
    });
    if (result.status !== 0) {
      console.error(
        `buf breaking: the protos break compatibility with ${against}; keep field numbers and types, reserve removed fields`,
      );
      return 1;
    }
    console.log(`buf breaking: compatible with ${against}`);
    return 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const base = baseCommit();
if (base) process.exitCode = compare(base);
else
  console.log(
    'buf breaking: SKIPPED, no base commit to compare with (no main branch and no parent commit in this clone)',
  );
