import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** A file under the data dir, its folder created if needed (a fresh clone has no `.data/`). */
export function dataFile(dataDir: string, ...segments: string[]): string {
  const path = join(dataDir, ...segments);
  mkdirSync(dirname(path), { recursive: true });
  return path;
}
