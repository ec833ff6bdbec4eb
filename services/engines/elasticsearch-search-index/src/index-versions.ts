import type { Client, estypes } from '@elastic/elasticsearch';
import { isNotFound } from './es-errors.js';
import type { VersionMeta } from './index-mappings.js';

/** The indices an alias points at (none when the alias does not exist yet). */
export async function aliasTargets(client: Client, alias: string): Promise<string[]> {
  try {
    return Object.keys(await client.indices.getAlias({ name: alias }));
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
}

/** Creates the index; false when it exists already (another process, or an earlier version). */
export async function tryCreate(client: Client, body: estypes.IndicesCreateRequest): Promise<boolean> {
  try {
    await client.indices.create(body);
    return true;
  } catch (error) {
    const type = (error as { body?: { error?: { type?: string } } }).body?.error?.type;
    if (type === 'resource_already_exists_exception') return false;
    throw error;
  }
}

/** Every existing version matching `pattern`, with its `_meta`. */
export async function listVersions(client: Client, pattern: string): Promise<Map<string, Partial<VersionMeta>>> {
  const mappings = await client.indices.getMapping({
    index: pattern,
    allow_no_indices: true,
    ignore_unavailable: true,
  });
  return new Map(
    Object.entries(mappings).map(([index, { mappings: m }]) => [index, (m._meta ?? {}) as Partial<VersionMeta>]),
  );
}

/** Points the alias at `to` and away from `from` in one cluster-state update: no gap, no overlap. */
export async function swapAlias(client: Client, alias: string, from: readonly string[], to: string): Promise<void> {
  const actions: estypes.IndicesUpdateAliasesAction[] = from.map((index) => ({ remove: { index, alias } }));
  actions.push({ add: { index: to, alias } });
  await client.indices.updateAliases({ actions });
}

export async function markReady(client: Client, index: string, meta: VersionMeta): Promise<void> {
  await client.indices.putMapping({ index, _meta: { ...meta, state: 'ready' } });
}
