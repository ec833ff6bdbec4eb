// What of a local platform's DATA_DIR a backup holds: every SQLite database (copied through
// SQLite's online backup), every other owned file as it is, and nothing derived or transient.
import { closeSync, lstatSync, openSync, readSync, readdirSync } from 'node:fs';
import { join, posix, sep } from 'node:path';

const SQLITE_MAGIC = 'SQLite format 3\0';

/** Left out, with the reason the manifest states; `path` is relative, with forward slashes. */
const EXCLUSIONS = [
  { test: (path) => path === 'logs' || path.startsWith('logs/'), reason: "processes' logs: diagnostics, not state" },
  {
    test: (path) => path === 'mail/outbox' || path.startsWith('mail/outbox/'),
    reason: 'mail already sent (the local stand-in for SMTP); nothing reads it back',
  },
  {
    test: (path) => /(^|\/)[^/]+\.sqlite-columns(\/|$)/.test(path),
    reason: "search's saved columns: rebuilt from its index at start",
  },
];

/** A database's WAL, shared-memory and journal files: the online backup copies what they hold. */
const isDatabaseSideFile = (path) => /\.sqlite-(wal|shm|journal)$/.test(path);

/** Search's index (ADR 113: derived, rebuilt from search's side state and the owners). */
export const isSearchIndex = (path) => posix.basename(path) === 'search.sqlite';

function isSqliteFile(file) {
  const fd = openSync(file, 'r');
  try {
    const header = Buffer.alloc(SQLITE_MAGIC.length);
    return readSync(fd, header, 0, header.length, 0) === header.length && header.toString('latin1') === SQLITE_MAGIC;
  } finally {
    closeSync(fd);
  }
}

/**
 * Walks `dataDir`: `{ databases, files, excluded }`, each entry `{ path, absolute }` (excluded
 * ones `{ path, reason }`). `includeSearchIndex` keeps search's index among the databases.
 */
export function inventoryDataDir(dataDir, { includeSearchIndex = false } = {}) {
  const inventory = { databases: [], files: [], excluded: [] };
  const walk = (relative) => {
    for (const name of readdirSync(join(dataDir, relative)).sort()) {
      const path = relative === '' ? name : `${relative}/${name}`;
      const absolute = join(dataDir, ...path.split('/'));
      if (isDatabaseSideFile(path)) continue;
      const exclusion = EXCLUSIONS.find((rule) => rule.test(path));
      if (exclusion) {
        inventory.excluded.push({ path, reason: exclusion.reason });
        continue;
      }
      const stat = lstatSync(absolute);
      if (stat.isDirectory()) walk(path);
      else if (!stat.isFile()) inventory.excluded.push({ path, reason: 'not a regular file' });
      else if (!isSqliteFile(absolute)) inventory.files.push({ path, absolute });
      else if (isSearchIndex(path) && !includeSearchIndex)
        inventory.excluded.push({
          path,
          reason:
            "search's index: derived, rebuilt at start from search's side state (--include-search-index keeps it)",
        });
      else inventory.databases.push({ path, absolute });
    }
  };
  walk('');
  return inventory;
}

/** A manifest path as a path of this machine under `folder`. */
export const localPath = (folder, path) => join(folder, ...path.split('/').join(sep).split(sep));
