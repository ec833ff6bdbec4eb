import { createHash } from 'node:crypto';
import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';

/** Lower-case, like every Elasticsearch index name; a service name fits. */
const PREFIX = /^[a-z0-9][a-z0-9_.-]{0,99}$/;

/**
 * Bump when the document layout or mappings change in code: the hash of every index then
 * changes, so each is rebuilt behind its alias (same path as a schema change).
 */
export const LAYOUT_VERSION = 1;

export interface IndexNames {
  /** `<prefix>-<name>`: what readers and operators address; always points at one version. */
  readonly alias: string;
  /** `<prefix>-<name>-v<hash>`: the version for this schema, layout and analysis. */
  readonly concrete: string;
  /** Matches every version of this index (for pruning superseded ones). */
  readonly versions: string;
}

export function checkIndexPrefix(prefix: string): void {
  if (!PREFIX.test(prefix))
    throw new InvalidArgumentError([{ field: 'indexPrefix', reason: 'must match [a-z0-9][a-z0-9_.-]*' }]);
}

/** `identity` is everything a version depends on (schema fingerprint, analysis, shards). */
export function indexNames(prefix: string, name: string, identity: unknown): IndexNames {
  const alias = `${prefix}-${name}`;
  const hash = createHash('sha256')
    .update(JSON.stringify({ identity, layout: LAYOUT_VERSION }))
    .digest('hex')
    .slice(0, 12);
  return { alias, concrete: `${alias}-v${hash}`, versions: `${alias}-v*` };
}
