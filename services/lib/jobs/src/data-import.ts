import { randomBytes } from 'node:crypto';
import type { AuditLog } from '@pc/audit-log/audit-log';
import {
  DomainError,
  FailedPreconditionError,
  InvalidArgumentError,
  NotFoundError,
} from '@pc/kit/errors/domain-errors';
import type { Collection, DocumentStore } from '@pc/kit/ports/document-store';
import type { StaffCheck } from '@pc/staff-access/staff-check';
import type { StaffPanel } from '@pc/staff-access/staff-panels';
import type { JobQueue } from './job-queue.js';

/** One kind of row a service imports (its own data). */
export interface ImportEntity<R = unknown> {
  /** As the upload names it, e.g. "brands". */
  readonly entity: string;
  /** The panel whose role an import of it needs (the data's own panel). */
  readonly panel: StaffPanel;
  /** Parses and checks one row against the current data: InvalidArgumentError with the row's violations. */
  check(row: Record<string, unknown>): Promise<R>;
  /** Writes one checked row (through the service's own write path: events, audit). */
  apply(row: R, actorUserId: string): Promise<void>;
  /**
   * What a row writes to (a shop's domain, a product's id): two rows of one upload with the same
   * key are a mistake the dry run reports at the second, as its rows are otherwise checked apart.
   */
  key?(row: R): { readonly field: string; readonly value: string };
}

export interface RowViolation {
  readonly row: number;
  readonly field: string;
  readonly reason: string;
}

export interface ImportReport {
  readonly rows: number;
  readonly validRows: number;
  readonly violations: readonly RowViolation[];
  /** Set only when every row is valid. */
  readonly importId: string;
}

interface StagedImport {
  readonly _id: string;
  readonly entity: string;
  readonly actorUserId: string;
  readonly rows: number;
  readonly chunks: number;
  readonly createdAt: string;
  readonly expiresAt: string;
  /** Set by ConfirmImport: the job that applies it. */
  readonly jobId: string;
  /** Chunks applied so far: a resumed job goes on from here. */
  readonly chunksApplied: number;
}

interface ImportChunk {
  readonly _id: string;
  readonly importId: string;
  readonly rowsJson: string;
}

export const MAX_IMPORT_ROWS = 100_000;
const MAX_REPORTED = 1_000;
const CHUNK_ROWS = 1_000;
const STAGED_FOR_MS = 3_600_000;

/**
 * Imports of a service's own data (ADR 055): `check` validates every row and writes nothing but a
 * staged copy of a clean upload (collections `imports`, `import_chunks`); `confirm` queues the job
 * `<service>.import`, which applies the rows chunk by chunk and records its progress, so a job
 * resumed after a restart goes on where it stopped.
 */
export class DataImports {
  private readonly entities: Map<string, ImportEntity>;
  readonly jobKind: string;

  private constructor(
    private readonly imports: Collection<StagedImport>,
    private readonly chunks: Collection<ImportChunk>,
    private readonly jobs: JobQueue,
    readonly staff: StaffCheck,
    private readonly audit: AuditLog,
    entities: readonly ImportEntity[],
  ) {
    this.entities = new Map(entities.map((entity) => [entity.entity, entity]));
    this.jobKind = `${jobs.service}.import`;
    jobs.define<{ importId: string }>({
      kind: this.jobKind,
      maxAttempts: 3,
      run: ({ payload, log, signal }) => this.apply(payload.importId, log, signal),
    });
  }

  static async open(
    store: DocumentStore,
    jobs: JobQueue,
    staff: StaffCheck,
    audit: AuditLog,
    entities: readonly ImportEntity[],
  ): Promise<DataImports> {
    const [imports, chunks] = await Promise.all([
      store.collection<StagedImport>({ name: 'imports', indexes: [{ fields: ['expiresAt'] }] }),
      store.collection<ImportChunk>({ name: 'import_chunks', indexes: [{ fields: ['importId'] }] }),
    ]);
    return new DataImports(imports, chunks, jobs, staff, audit, entities);
  }

  entityNames(): string[] {
    return [...this.entities.keys()];
  }

  /** The dry run: every row checked, nothing of the data written. */
  async check(actorUserId: string, entityName: string, rowsJson: readonly string[]): Promise<ImportReport> {
    const entity = this.entity(entityName);
    if (rowsJson.length === 0)
      throw new InvalidArgumentError([{ field: 'rows_json', reason: 'the upload has no rows', rule: 'required' }]);
    if (rowsJson.length > MAX_IMPORT_ROWS)
      throw new InvalidArgumentError([
        { field: 'rows_json', reason: `at most ${MAX_IMPORT_ROWS} rows per import`, rule: 'max' },
      ]);
    await this.staff.require(actorUserId, `importing ${entity.entity}`, entity.panel);
    const violations: RowViolation[] = [];
    let validRows = 0;
    const firstRowOf = new Map<string, number>();
    for (const [index, text] of rowsJson.entries()) {
      const found = await rowViolations(entity, text, index + 1, firstRowOf);
      if (found.length === 0) validRows += 1;
      for (const violation of found) if (violations.length < MAX_REPORTED) violations.push(violation);
    }
    const importId = validRows === rowsJson.length ? await this.stage(actorUserId, entity.entity, rowsJson) : '';
    return { rows: rowsJson.length, validRows, violations, importId };
  }

  /** Applies a staged import as a job; answers the job's id. */
  async confirm(actorUserId: string, importId: string): Promise<string> {
    const staged = await this.imports.get(importId);
    if (!staged || staged.expiresAt < new Date().toISOString()) throw new NotFoundError('import', importId);
    const entity = this.entity(staged.entity);
    await this.staff.require(actorUserId, `importing ${entity.entity}`, entity.panel);
    if (staged.jobId) throw new FailedPreconditionError(`import ${importId} was confirmed already`);
    const job = await this.jobs.enqueue(this.jobKind, { importId }, { requestedBy: actorUserId });
    await this.audit.around(
      {
        actorUserId,
        panel: entity.panel,
        action: `${entity.entity}.import`,
        entityType: 'import',
        entityId: importId,
        before: null,
      },
      () =>
        this.imports.update(importId, (current) => {
          if (current?.jobId) throw new FailedPreconditionError(`import ${importId} was confirmed already`);
          return current ? { ...current, jobId: job._id, expiresAt: farFuture() } : null;
        }),
      () => ({ entity: entity.entity, rows: staged.rows, jobId: job._id }),
    );
    return job._id;
  }

  private async apply(importId: string, log: (line: string) => void, signal: AbortSignal) {
    const staged = await this.imports.get(importId);
    if (!staged) throw new NotFoundError('import', importId);
    const entity = this.entity(staged.entity);
    let applied = staged.chunksApplied * CHUNK_ROWS;
    let failed = 0;
    if (staged.chunksApplied > 0) log(`resuming after ${staged.chunksApplied} of ${staged.chunks} chunks`);
    for (let chunk = staged.chunksApplied; chunk < staged.chunks; chunk += 1) {
      signal.throwIfAborted();
      const stored = await this.chunks.get(`${importId}:${chunk}`);
      const rows = JSON.parse(stored?.rowsJson ?? '[]') as string[];
      for (const [index, text] of rows.entries()) {
        const rowNumber = chunk * CHUNK_ROWS + index + 1;
        try {
          // Checked again: the data may have changed since the dry run.
          await entity.apply(await entity.check(JSON.parse(text) as Record<string, unknown>), staged.actorUserId);
          applied += 1;
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          failed += 1;
          log(`row ${rowNumber}: ${describe(error)}`);
        }
      }
      await this.imports.update(importId, (current) => (current ? { ...current, chunksApplied: chunk + 1 } : null));
      log(`applied ${Math.min(staged.rows, (chunk + 1) * CHUNK_ROWS)} of ${staged.rows} rows`);
    }
    return { entity: entity.entity, rows: staged.rows, applied, failed };
  }

  private async stage(actorUserId: string, entity: string, rowsJson: readonly string[]): Promise<string> {
    const importId = `imp_${Date.now().toString(36)}${randomBytes(6).toString('hex')}`;
    const chunks = Math.ceil(rowsJson.length / CHUNK_ROWS);
    for (let chunk = 0; chunk < chunks; chunk += 1)
      await this.chunks.put({
        _id: `${importId}:${chunk}`,
        importId,
        rowsJson: JSON.stringify(rowsJson.slice(chunk * CHUNK_ROWS, (chunk + 1) * CHUNK_ROWS)),
      });
    const now = Date.now();
    await this.imports.put({
      _id: importId,
      entity,
      actorUserId,
      rows: rowsJson.length,
      chunks,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + STAGED_FOR_MS).toISOString(),
      jobId: '',
      chunksApplied: 0,
    });
    await this.dropExpired();
    return importId;
  }

  /** Staged imports nobody confirmed within the hour are dropped with their rows. */
  private async dropExpired(): Promise<void> {
    const expired = await this.imports.find({ expiresAt: { $lt: new Date().toISOString() } }, { limit: 20 });
    for (const staged of expired) {
      for (let chunk = 0; chunk < staged.chunks; chunk += 1) await this.chunks.delete(`${staged._id}:${chunk}`);
      await this.imports.delete(staged._id);
    }
  }

  private entity(name: string): ImportEntity {
    const entity = this.entities.get(name.trim());
    if (!entity)
      throw new InvalidArgumentError([
        { field: 'entity', reason: `must be one of ${this.entityNames().join(', ')}`, rule: 'in' },
      ]);
    return entity;
  }
}

/** A confirmed import is kept as the record of its job (finished jobs and it go together). */
const farFuture = () => '9999-12-31T00:00:00.000Z';

async function rowViolations(
  entity: ImportEntity,
  text: string,
  row: number,
  firstRowOf: Map<string, number>,
): Promise<RowViolation[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [{ row, field: '', reason: 'is not a JSON object' }];
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    return [{ row, field: '', reason: 'is not a JSON object' }];
  let checked: unknown;
  try {
    checked = await entity.check(parsed as Record<string, unknown>);
  } catch (error) {
    if (error instanceof InvalidArgumentError)
      return error.violations.map((violation) => ({ row, field: violation.field, reason: violation.reason }));
    if (error instanceof DomainError) return [{ row, field: '', reason: describe(error) }];
    throw error;
  }
  const key = entity.key?.(checked);
  if (!key) return [];
  const first = firstRowOf.get(`${key.field}\n${key.value}`);
  if (first !== undefined) return [{ row, field: key.field, reason: `repeats row ${first} (${key.value})` }];
  firstRowOf.set(`${key.field}\n${key.value}`, row);
  return [];
}

function describe(error: DomainError): string {
  return error instanceof InvalidArgumentError
    ? error.violations.map((violation) => `${violation.field}: ${violation.reason}`).join('; ')
    : error.message;
}
