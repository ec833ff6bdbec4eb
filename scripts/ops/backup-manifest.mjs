// The manifest of a local backup: written last, so a backup folder without one is incomplete.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { digestFile, syncToDisk } from './file-digest.mjs';
import { localPath } from './data-dir-inventory.mjs';

export const MANIFEST_FILE = 'manifest.json';
/** The folder of a backup that holds the copied DATA_DIR. */
export const DATA_FOLDER = 'data';
const FORMAT = 'pricecompare-local-backup';
const FORMAT_VERSION = 1;

/** Writes `manifest.json` into `backupDir` atomically (a temporary name, flushed, renamed). */
export function writeManifest(backupDir, fields) {
  const manifest = { format: FORMAT, formatVersion: FORMAT_VERSION, ...fields };
  const temporary = join(backupDir, `.${MANIFEST_FILE}.partial`);
  writeFileSync(temporary, `${JSON.stringify(manifest, null, 2)}\n`);
  syncToDisk(temporary);
  renameSync(temporary, join(backupDir, MANIFEST_FILE));
  syncToDisk(backupDir);
  return manifest;
}

/** Reads and checks the shape of a backup's manifest; throws a message for the operator. */
export function readManifest(backupDir) {
  const file = join(backupDir, MANIFEST_FILE);
  if (!existsSync(file))
    throw new Error(`${backupDir} has no ${MANIFEST_FILE}: not a backup, or one that did not complete`);
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${error.message}`);
  }
  if (manifest?.format !== FORMAT) throw new Error(`${file}: format is not ${FORMAT}`);
  if (manifest.formatVersion !== FORMAT_VERSION)
    throw new Error(
      `${file}: formatVersion ${manifest.formatVersion} is not ${FORMAT_VERSION}, which this restore reads`,
    );
  if (!Array.isArray(manifest.files) || manifest.files.length === 0) throw new Error(`${file}: files lists nothing`);
  for (const entry of manifest.files) {
    const path = entry?.path;
    if (typeof path !== 'string' || path === '' || isAbsolute(path) || path.split('/').includes('..'))
      throw new Error(`${file}: files[].path ${JSON.stringify(path)} is not a relative path inside the backup`);
    if (!Number.isInteger(entry.bytes) || !/^[0-9a-f]{64}$/.test(entry.sha256 ?? ''))
      throw new Error(`${file}: files[] entry ${path} needs bytes and a sha256`);
  }
  return manifest;
}

/** The files under `folder` that differ from the manifest's sizes and checksums (empty: all match). */
export function verifyFiles(folder, files) {
  const problems = [];
  for (const entry of files) {
    const file = localPath(folder, entry.path);
    if (!existsSync(file)) {
      problems.push(`${entry.path}: missing`);
      continue;
    }
    const { bytes, sha256 } = digestFile(file);
    if (bytes !== entry.bytes) problems.push(`${entry.path}: ${bytes} bytes, the manifest says ${entry.bytes}`);
    else if (sha256 !== entry.sha256) problems.push(`${entry.path}: SHA-256 differs from the manifest's`);
  }
  return problems;
}
