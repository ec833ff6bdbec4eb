// `npm run backup -- --to <folder> [--include-search-index]`: an online, consistent backup of a
// local platform's DATA_DIR (running or stopped). The runbook: docs/runbooks/backup-and-restore.md.
//
// <folder>/data/…      the copied DATA_DIR: every SQLite database (stores, event log) through
//                      SQLite's online backup API, every other owned file (keys, markers) as is
// <folder>/manifest.json  written last: each file's size and SHA-256, the commit, the times. A
//                      folder without it is an incomplete backup; restore refuses it.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DATA_FOLDER, writeManifest } from './backup-manifest.mjs';
import { OperatorError, localPlatform, parseOptions, repoRoot, runCli } from './cli-options.mjs';
import { inventoryDataDir, localPath } from './data-dir-inventory.mjs';
import { digestFile, syncToDisk } from './file-digest.mjs';
import { copyPinned, pinSnapshots, releasePinned } from './sqlite-snapshots.mjs';

const USAGE = 'usage: npm run backup -- --to <empty or new folder> [--include-search-index]';

function gitCommit() {
  if (process.env.GIT_COMMIT) return process.env.GIT_COMMIT;
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return '';
  }
}

/** Creates the target; refuses a file, or a folder that holds anything. Returns whether it was created. */
function prepareTarget(target) {
  if (!existsSync(target)) {
    mkdirSync(target, { recursive: true });
    return true;
  }
  if (!statSync(target).isDirectory()) throw new OperatorError(`--to ${target} is a file, not a folder`);
  if (readdirSync(target).length > 0)
    throw new OperatorError(`--to ${target} is not empty: a backup goes into a new or empty folder`);
  return false;
}

async function main() {
  const options = parseOptions(process.argv.slice(2), { valueOption: 'to', flags: ['include-search-index'] }, USAGE);
  const target = resolve(options.value);
  const { dataDir } = localPlatform();
  if (!existsSync(dataDir) || readdirSync(dataDir).length === 0)
    throw new OperatorError(`DATA_DIR ${dataDir} holds no platform data (set DATA_DIR as for npm start)`);
  if (target === dataDir || target.startsWith(`${dataDir}/`))
    throw new OperatorError(`--to ${target} is inside DATA_DIR ${dataDir}: put the backup elsewhere`);
  const includeSearchIndex = options.flags.has('include-search-index');
  const inventory = inventoryDataDir(dataDir, { includeSearchIndex });
  const created = prepareTarget(target);
  const startedAt = new Date();
  const dataFolder = resolve(target, DATA_FOLDER);
  const files = [];
  const record = (path, kind) => {
    const file = localPath(dataFolder, path);
    syncToDisk(file);
    files.push({ path, kind, ...digestFile(file) });
  };
  let pinned = [];
  try {
    const snapshots = pinSnapshots(inventory.databases);
    pinned = snapshots.pinned;
    for (const database of pinned) {
      const copy = localPath(dataFolder, database.path);
      mkdirSync(dirname(copy), { recursive: true });
      await copyPinned(database, copy);
      record(database.path, 'sqlite');
    }
    for (const file of inventory.files) {
      const copy = localPath(dataFolder, file.path);
      mkdirSync(dirname(copy), { recursive: true });
      copyFileSync(file.absolute, copy);
      record(file.path, 'file');
    }
    const manifest = writeManifest(target, {
      createdAt: startedAt.toISOString(),
      completedAt: new Date().toISOString(),
      commit: gitCommit(),
      node: process.version,
      dataDir,
      includesSearchIndex: includeSearchIndex,
      eventLogWritesHeldMs: Math.round(snapshots.eventLogLockMs * 10) / 10,
      files,
      excluded: inventory.excluded,
    });
    const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
    process.stdout.write(
      `backup of ${dataDir} complete in ${target}: ${files.length} files, ${(bytes / 1048576).toFixed(1)} MiB ` +
        `(${files.filter((f) => f.kind === 'sqlite').length} SQLite databases; left out: ${
          inventory.excluded.map((entry) => entry.path).join(', ') || 'nothing'
        })\n`,
    );
  } catch (error) {
    releasePinned(pinned);
    // No manifest was written; remove the partial copy so nothing mistakes it for a backup.
    if (created) rmSync(target, { recursive: true, force: true });
    else for (const name of readdirSync(target)) rmSync(resolve(target, name), { recursive: true, force: true });
    throw new OperatorError(`backup failed, nothing kept in ${target}: ${error.message}`);
  }
}

runCli(main);
