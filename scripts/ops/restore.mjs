// `npm run restore -- --from <backup folder> [--verify]`: puts a backup of `npm run backup` in place of the
// local platform's DATA_DIR. The runbook: docs/runbooks/backup-and-restore.md.
//
// Refuses while a platform runs on DATA_DIR; checks every file against the manifest before it
// changes anything; copies the backup beside DATA_DIR and checks the copy; then moves the current
// DATA_DIR aside (kept, never deleted) and renames the copy into its place.
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { DATA_FOLDER, readManifest, verifyFiles } from './backup-manifest.mjs';
import { OperatorError, localPlatform, parseOptions, runCli } from './cli-options.mjs';
import { localPath } from './data-dir-inventory.mjs';
import { runningSigns } from './platform-running.mjs';

const USAGE =
  'usage: npm run restore -- --from <backup folder> [--verify]  (--verify: check the backup, change nothing)';

/** A name for the folders beside DATA_DIR: sortable, no characters a file system refuses. */
const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

function copyInto(folder, source, files) {
  mkdirSync(folder, { recursive: true });
  for (const entry of files) {
    const copy = localPath(folder, entry.path);
    mkdirSync(dirname(copy), { recursive: true });
    copyFileSync(localPath(source, entry.path), copy);
  }
}

async function main() {
  const options = parseOptions(process.argv.slice(2), { valueOption: 'from', flags: ['verify'] }, USAGE);
  const backupDir = resolve(options.value);
  const { dataDir, layout } = localPlatform();
  const manifest = readManifest(backupDir);
  const source = join(backupDir, DATA_FOLDER);

  const problems = verifyFiles(source, manifest.files);
  if (problems.length > 0)
    throw new OperatorError(
      `the backup in ${backupDir} does not match its manifest; nothing was changed:\n  ${problems.join('\n  ')}`,
    );

  if (options.flags.has('verify')) {
    const bytes = manifest.files.reduce((sum, entry) => sum + entry.bytes, 0);
    process.stdout.write(
      `the backup in ${backupDir} is complete and intact: ${manifest.files.length} files, ${bytes} bytes, taken ${manifest.createdAt} (commit ${manifest.commit || 'unknown'})\n`,
    );
    return;
  }

  const signs = await runningSigns(dataDir, layout);
  if (signs.length > 0)
    throw new OperatorError(
      `the platform looks running; stop it (Ctrl-C in its npm start) and run the restore again. Nothing was changed:\n  ${signs.join('\n  ')}`,
    );

  const suffix = stamp();
  const staging = join(dirname(dataDir), `${basename(dataDir)}.restoring-${suffix}`);
  const aside = join(dirname(dataDir), `${basename(dataDir)}.before-restore-${suffix}`);
  try {
    copyInto(staging, source, manifest.files);
    const copyProblems = verifyFiles(staging, manifest.files);
    if (copyProblems.length > 0) throw new Error(`the copy differs from the backup: ${copyProblems.join('; ')}`);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw new OperatorError(`restore failed while copying the backup; ${dataDir} was not changed: ${error.message}`);
  }
  const hadData = existsSync(dataDir);
  if (hadData) renameSync(dataDir, aside);
  try {
    renameSync(staging, dataDir);
  } catch (error) {
    if (hadData) renameSync(aside, dataDir);
    rmSync(staging, { recursive: true, force: true });
    throw new OperatorError(`restore failed; ${dataDir} is as it was: ${error.message}`);
  }

  const searchNote = manifest.includesSearchIndex
    ? "The backup holds search's index as it was; run RebuildIndex (below) if it should match the owners exactly."
    : "Search's index is not in the backup: at the next start search finds it empty and rebuilds it from its restored side state by itself.";
  process.stdout.write(
    [
      `restored ${manifest.files.length} files of the backup of ${manifest.createdAt} (commit ${manifest.commit || 'unknown'}) into ${dataDir}.`,
      hadData ? `The data it replaced is kept in ${aside} (delete it once the restore is confirmed).` : '',
      'Next:',
      '  1. npm start',
      `  2. ${searchNote}`,
      '  3. Then rebuild search from the owners, so it answers exactly what catalog and offers hold:',
      "     the admin app's Search indices page (/admin/infrastructure/indices) → Rebuild every index (RebuildIndex, ADR 113).",
      '',
    ]
      .filter((line) => line !== '')
      .join('\n') + '\n',
  );
}

runCli(main);
