import { Client } from '@elastic/elasticsearch';

/** A prefix no other run uses, so runs on a shared server never see each other's indices. */
export function uniquePrefix(label: string): string {
  return `test-${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * Deletes every index of a prefix. Named one by one: servers refuse wildcard deletes by default
 * (`action.destructive_requires_name`).
 */
export async function deleteIndices(url: string, prefix: string): Promise<void> {
  const client = new Client({ node: url });
  try {
    const found = await client.indices.get({ index: `${prefix}-*`, allow_no_indices: true, ignore_unavailable: true });
    const names = Object.keys(found);
    if (names.length > 0) await client.indices.delete({ index: names });
  } finally {
    await client.close();
  }
}
