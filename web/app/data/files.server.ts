import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';

/** Files the site offers for download (spec §2.2 File): only these names, never a path. */
const FILES: Readonly<Record<string, { type: string }>> = {
  'product-feed-template.csv': { type: 'text/csv; charset=utf-8' },
  'product-feed-template.xml': { type: 'application/xml; charset=utf-8' },
};

const DIRECTORY = resolve('content/files');

export async function fileInfo(name: string): Promise<{ name: string; type: string; size: number } | null> {
  const known = FILES[name];
  if (!known) return null;
  const info = await stat(resolve(DIRECTORY, name)).catch(() => null);
  return info ? { name, type: known.type.split(';')[0] ?? known.type, size: info.size } : null;
}

export async function fileBody(name: string): Promise<{ body: Buffer; type: string } | null> {
  const known = FILES[name];
  if (!known) return null;
  const body = await readFile(resolve(DIRECTORY, name)).catch(() => null);
  return body ? { body, type: known.type } : null;
}

export const FILE_NAMES = Object.keys(FILES);
