import type { StaffPanel } from '@pc/staff-access/staff-panels';

/** What a staff write tells the audit log. */
export interface AuditInput {
  /** The staff user; empty for a service the call graph lets write without one (ADR 052). */
  readonly actorUserId: string;
  /** The panel whose role the write needed. */
  readonly panel: StaffPanel;
  /** "<entity>.<verb>", e.g. "product.update". */
  readonly action: string;
  readonly entityType: string;
  readonly entityId: string;
  /** The entity before the write (null: it did not exist) and after it (null: removed). */
  readonly before: unknown;
  readonly after: unknown;
}

/** An entry as stored (collection `audit_entries` of the owning service). Times are ISO 8601 UTC. */
export interface AuditRecord {
  /** Time-ordered: newest first is descending id. */
  readonly _id: string;
  readonly service: string;
  readonly panel: StaffPanel;
  readonly actorUserId: string;
  readonly action: string;
  readonly entityType: string;
  readonly entityId: string;
  readonly beforeJson: string;
  readonly afterJson: string;
  readonly truncated: boolean;
  readonly occurredAt: string;
}

/** A JSON value's text is cut here: an audit entry must not grow a store without bound. */
export const MAX_JSON_CHARS = 64 * 1024;

/** `value` as JSON (empty for null/undefined), cut at MAX_JSON_CHARS. */
export function auditJson(value: unknown): { json: string; truncated: boolean } {
  if (value === null || value === undefined) return { json: '', truncated: false };
  const json = JSON.stringify(value, (_key, inner: unknown) =>
    inner instanceof Uint8Array ? `<${inner.byteLength} bytes>` : inner,
  );
  return json.length > MAX_JSON_CHARS
    ? { json: json.slice(0, MAX_JSON_CHARS), truncated: true }
    : { json, truncated: false };
}
