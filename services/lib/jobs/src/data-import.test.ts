import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { AuditLog } from '@pc/audit-log/audit-log';
import { openEmbeddedDocumentStore } from '@pc/sqlite-document-store/embedded-document-store';
import { InvalidArgumentError } from '@pc/kit/errors/domain-errors';
import type { DocumentStore } from '@pc/kit/ports/document-store';
import { AccountRoles } from '@pc/staff-access/account-roles';
import { StaffCheck } from '@pc/staff-access/staff-check';
import type { GetUserResponse } from '@pc/proto/accounts/v1/accounts';
import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { DataImports, type ImportEntity } from './data-import.js';
import { JobQueue } from './job-queue.js';
import type { JobRecord } from './job-record.js';

/** The staff user of the imports: staff:shopping, as accounts.GetUser would tell (the true boundary here). */
const STAFF = 'u-staff';
const shoppingStaff = new StaffCheck(
  new AccountRoles({
    getUser: async ({ userId }) => {
      if (userId !== STAFF) throw new Error(`accounts knows only ${STAFF}`);
      return {
        user: { isAdmin: true, adminPanels: [AdminPanel.ADMIN_PANEL_SHOPPING] } as unknown as GetUserResponse['user'],
      };
    },
  }),
);

describe('DataImports (dry run, then the import as a resumable job)', () => {
  let dir: string;
  let store: DocumentStore;
  let queue: JobQueue;
  const written: string[] = [];
  let failAtRow = 0;

  /** A thing has a name of at most 10 characters; applying it appends it to `written`. */
  const things: ImportEntity<string> = {
    entity: 'things',
    panel: 'shopping',
    check: async (row) => {
      const name = typeof row.name === 'string' ? row.name.trim() : '';
      if (!name || name.length > 10)
        throw new InvalidArgumentError([{ field: 'name', reason: 'must be 1 to 10 characters', rule: 'max' }]);
      return name;
    },
    apply: async (name) => {
      if (failAtRow > 0 && name === `t${failAtRow}`) {
        failAtRow = 0;
        throw new Error('the store went away'); // not a row's fault: the run fails and is retried
      }
      written.push(name);
    },
  };

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'data-import-'));
    store = await openEmbeddedDocumentStore({ path: join(dir, 'documents.sqlite') });
    queue = await JobQueue.open(store, 'catalog', { logger: pino({ level: 'silent' }), tickMs: 10, heartbeatMs: 10 });
    written.length = 0;
  });
  afterEach(async () => {
    await queue.stop();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const open = async () =>
    DataImports.open(store, queue, shoppingStaff, await AuditLog.open(store, 'catalog'), [things]);

  async function finished(id: string): Promise<JobRecord> {
    for (;;) {
      const job = await queue.book.get(id);
      if (job.state === 'succeeded' || job.state === 'failed') return job;
      await sleep(5);
    }
  }

  it('reports every bad row and field, stages nothing and writes nothing', async () => {
    const imports = await open();
    await queue.start();
    const report = await imports.check(STAFF, 'things', [
      JSON.stringify({ name: 'ok' }),
      JSON.stringify({ name: 'far too long a name' }),
      '[1, 2]',
      '{ broken',
    ]);
    expect(report).toMatchObject({ rows: 4, validRows: 1, importId: '' });
    expect(report.violations).toEqual([
      { row: 2, field: 'name', reason: 'must be 1 to 10 characters' },
      { row: 3, field: '', reason: 'is not a JSON object' },
      { row: 4, field: '', reason: 'is not a JSON object' },
    ]);
    await expect(imports.check(STAFF, 'planets', ['{}'])).rejects.toThrow(InvalidArgumentError);
    await expect(imports.check(STAFF, 'things', [])).rejects.toThrow(InvalidArgumentError);
    expect(written).toEqual([]);
  });

  it('applies a clean upload only once confirmed; a failed run resumes after the chunks it finished', async () => {
    const imports = await open();
    await queue.start();
    const rows = Array.from({ length: 2_500 }, (_, i) => JSON.stringify({ name: `t${i + 1}` }));
    const report = await imports.check(STAFF, 'things', rows);
    expect(report).toMatchObject({ rows: 2_500, validRows: 2_500, violations: [] });
    await sleep(30);
    expect(written).toEqual([]);

    failAtRow = 1_500; // the second chunk's run fails half-way
    const jobId = await imports.confirm(STAFF, report.importId);
    await expect(imports.confirm(STAFF, report.importId)).rejects.toThrow('confirmed already');
    const job = await finished(jobId);
    expect(job.state).toBe('succeeded');
    expect(job.attempts).toBe(2);
    expect(job.logLines.some((line) => line.includes('resuming after 1 of 3 chunks'))).toBe(true);
    // The first chunk was applied once; the interrupted second chunk again from its start.
    expect(written.filter((name) => name === 't1')).toHaveLength(1);
    expect(new Set(written).size).toBe(2_500);
    expect(JSON.parse(job.resultJson)).toMatchObject({ entity: 'things', rows: 2_500, failed: 0 });
  });
});
