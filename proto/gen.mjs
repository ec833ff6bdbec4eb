// Generates proto/gen/** (TypeScript via ts-proto) from every .proto here. Output is ignored by
// git and produced by the build (ADR 002). Skips work when no .proto changed since the last run.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const stampFile = join(here, 'gen', '.stamp');

function protoFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (['node_modules', 'gen', 'dist'].includes(name)) return [];
    if (statSync(path).isDirectory()) return protoFiles(path);
    return name.endsWith('.proto') || name.startsWith('buf.') ? [path] : [];
  });
}

const hash = createHash('sha256');
for (const file of protoFiles(here).sort()) hash.update(relative(here, file)).update(readFileSync(file));
const digest = hash.digest('hex');

if (!process.argv.includes('--force') && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === digest) {
  process.exit(0);
}
const buf = join(here, '..', 'node_modules', '.bin', 'buf');
execFileSync(buf, ['generate'], { cwd: here, stdio: 'inherit' });
writeFileSync(stampFile, digest);
console.log(`proto: generated TypeScript into ${relative(process.cwd(), join(here, 'gen')) || 'gen'}`);
