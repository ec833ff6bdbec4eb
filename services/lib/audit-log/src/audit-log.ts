import { randomBytes } from 'node:crypto';
import type { Collection, DocumentStore, Filter } from '@pc/kit/ports/document-store';
import type { Page } from '@pc/kit/paging/page';
import type { StaffPanel } from '@pc/staff-access/staff-panels';
import { auditJson, type AuditInput, type AuditRecord } from './audit-entry.js';

/** What a panel's audit view filters on. */
export interface AuditQuery {
  readonly panel: StaffPanel;
  readonly entityType?: string;
  readonly entityId?: string;
  readonly actorUserId?: string;
  readonly action?: string;
}

/**
 * The audit log of one service's staff writes, in that service's own document store (collection
 * `audit_entries`): who, what, when, the entity before and after. Written after the change and
 * before the call answers (ADR 042a), so every acknowledged staff write has its entry.
 */
export class AuditLog {
  private lastTime = 0;
  private sequence = 0;

  private constructor(
    private readonly entries: Collection<AuditRecord>,
    private readonly service: string,
    private readonly clock: () => Date,
  ) {}

  static async open(store: DocumentStore, service: string, clock: () => Date = () => new Date()): Promise<AuditLog> {
    const entries = await store.collection<AuditRecord>({
      name: 'audit_entries',
      indexes: [
        { fields: ['panel', 'occurredAt'] },
        { fields: ['panel', 'entityType', 'entityId', 'occurredAt'] },
        { fields: ['panel', 'actorUserId', 'occurredAt'] },
        { fields: ['panel', 'action', 'occurredAt'] },
      ],
    });
    return new AuditLog(entries, service, clock);
  }

  /** Records one staff write; resolves when the entry is durable. */
  async record(input: AuditInput): Promise<AuditRecord> {
    const now = this.clock();
    const before = auditJson(input.before);
    const after = auditJson(input.after);
    return this.entries.put({
      _id: this.nextId(now.getTime()),
      service: this.service,
      panel: input.panel,
      actorUserId: input.actorUserId,
      action: input.action,
      entityType: input.entityType,
      entityId: input.entityId,
      beforeJson: before.json,
      afterJson: after.json,
      truncated: before.truncated || after.truncated,
      occurredAt: now.toISOString(),
    });
  }

  /**
   * Runs a staff write and records it once it succeeded: `after` turns the write's result into
   * the entity after it. A write that fails records nothing (it changed nothing).
   */
  async around<T>(
    input: Omit<AuditInput, 'after'>,
    write: () => Promise<T>,
    after: (result: T) => unknown,
  ): Promise<T> {
    const result = await write();
    await this.record({ ...input, after: after(result) });
    return result;
  }

  /** One page of a panel's entries, newest first, with the total. */
  async list(query: AuditQuery, page: Page): Promise<{ entries: AuditRecord[]; total: number }> {
    const filter: Record<string, string> = { panel: query.panel };
    if (query.entityType) filter.entityType = query.entityType;
    if (query.entityId) filter.entityId = query.entityId;
    if (query.actorUserId) filter.actorUserId = query.actorUserId;
    if (query.action) filter.action = query.action;
    const [entries, total] = await Promise.all([
      this.entries.find(filter as Filter, {
        sort: { occurredAt: -1, _id: -1 },
        skip: page.skip,
        limit: page.hitsPerPage,
      }),
      this.entries.count(filter as Filter),
    ]);
    return { entries, total };
  }

  /** Ids sort by time, then by a sequence within one millisecond, then by chance across processes. */
  private nextId(ms: number): string {
    this.sequence = ms === this.lastTime ? this.sequence + 1 : 0;
    this.lastTime = ms;
    return `au_${ms.toString(36).padStart(9, '0')}${this.sequence.toString(36).padStart(3, '0')}${randomBytes(4).toString('hex')}`;
  }
}
