import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Where the public outside datasets live (Google product taxonomy, product-matching pairs, …).
 * They are not in the repository (several declare no licence to redistribute), so they are found
 * at run time: `PC_SHARED_DATA` when set, else `shared/data` beside the checkout, else
 * `/work/shared/data` (the team machines). Null when none exists: callers then fall back or skip
 * loudly.
 */
export function findSharedDataDir(env: NodeJS.ProcessEnv = process.env): string | null {
  const repoRoot = resolve(__dirname, '..', '..', '..', '..');
  const candidates = [env.PC_SHARED_DATA, join(repoRoot, '..', 'shared', 'data'), '/work/shared/data'];
  for (const candidate of candidates) {
    if (candidate && existsSync(candidate)) return resolve(candidate);
  }
  return null;
}
