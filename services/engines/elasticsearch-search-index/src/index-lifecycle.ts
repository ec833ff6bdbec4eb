import type { Client, estypes } from '@elastic/elasticsearch';
import { setTimeout as sleep } from 'node:timers/promises';
import { UnavailableError } from '@pc/kit/errors/domain-errors';
import type { VersionMeta } from './index-mappings.js';
import type { IndexNames } from './index-names.js';
import { aliasTargets, listVersions, markReady, swapAlias, tryCreate } from './index-versions.js';

/** A version still 'building' after this long was left by a process that died mid-build. */
const ABANDONED_MS = 10 * 60_000;
/** How long to wait for another process that is building the same version. */
const WAIT_FOR_OTHER_MS = 120_000;

export interface Migration {
  /** Copies every document of `from` into the new version. */
  copyAll(from: string): Promise<void>;
  /** Returns a mark taken before `copyAll`, and copies what `from` received after it. */
  mark(from: string): Promise<number>;
  catchUp(from: string, mark: number): Promise<void>;
}

/**
 * Makes `names.concrete` the version behind `names.alias`: adopts it when the alias points there,
 * otherwise creates it, copies the documents of the version the alias points at, swaps the alias
 * in one step (readers of the alias never see an empty or half-filled index), then copies what
 * the old version received during the copy (updates; deletes in that window are not replayed).
 * The previous version is kept for processes still running the old schema; older ones go.
 */
export async function ensureVersion(
  client: Client,
  names: IndexNames,
  body: estypes.IndicesCreateRequest,
  meta: VersionMeta,
  migration: Migration,
): Promise<void> {
  if ((await aliasTargets(client, names.alias)).includes(names.concrete)) return;
  if (!(await tryCreate(client, body))) {
    const existing = (await listVersions(client, names.concrete)).get(names.concrete);
    // Read after the meta: 'ready' is written after the swap, so a finished build is seen here.
    if ((await aliasTargets(client, names.alias)).includes(names.concrete)) return;
    const building = existing?.state === 'building' && Date.now() - (existing.startedAt ?? 0) < ABANDONED_MS;
    if (building) return waitForAlias(client, names);
    // Superseded (this schema was used before and replaced) or abandoned: build it afresh.
    await client.indices.delete({ index: names.concrete });
    if (!(await tryCreate(client, body))) return waitForAlias(client, names);
  }
  try {
    const previous = await aliasTargets(client, names.alias);
    const from = previous[0];
    const mark = from === undefined ? -1 : await migration.mark(from);
    if (from !== undefined) await migration.copyAll(from);
    await swapAlias(client, names.alias, previous, names.concrete);
    await markReady(client, names.concrete, meta);
    if (from !== undefined) await migration.catchUp(from, mark);
    await pruneSuperseded(client, names, from);
  } catch (error) {
    // A half-built version must not be adopted later; the alias still points at the old one.
    if (!(await aliasTargets(client, names.alias).catch((): string[] => [])).includes(names.concrete)) {
      await client.indices.delete({ index: names.concrete }).catch(() => undefined);
    }
    throw error;
  }
}

async function waitForAlias(client: Client, names: IndexNames): Promise<void> {
  const deadline = Date.now() + WAIT_FOR_OTHER_MS;
  while (Date.now() < deadline) {
    await sleep(500);
    if ((await aliasTargets(client, names.alias)).includes(names.concrete)) return;
  }
  throw new UnavailableError(`${names.concrete} is being built by another process; try again later`);
}

async function pruneSuperseded(client: Client, names: IndexNames, keep: string | undefined): Promise<void> {
  const versions = await listVersions(client, names.versions);
  const stale = [...versions]
    .filter(([index, meta]) => index !== names.concrete && index !== keep && meta.state === 'ready')
    .map(([index]) => index);
  if (stale.length > 0) await client.indices.delete({ index: stale });
}
