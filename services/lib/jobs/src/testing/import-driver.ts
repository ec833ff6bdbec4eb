import { setTimeout as sleep } from 'node:timers/promises';
import { createServiceClient } from '@pc/kit/grpc/client';
import { DataImportServiceService, type CheckImportResponse } from '@pc/proto/staff/v1/data_import';
import { JobsServiceService, type Job } from '@pc/proto/staff/v1/jobs';

/** How often a test looks whether the import's job finished. */
const POLL_MS = 20;

/**
 * A staff user's imports against one service, as the data page makes them: the dry run, and the
 * confirmation followed to its job's end (tests of the services that import).
 */
export class ImportDriver {
  private readonly imports;
  private readonly jobs;

  constructor(address: string) {
    this.imports = createServiceClient(DataImportServiceService, address, { deadlineMs: 20_000 });
    this.jobs = createServiceClient(JobsServiceService, address, { deadlineMs: 20_000 });
  }

  /** The dry run of rows given as objects (or raw lines, kept as they are). */
  check(actorUserId: string, entity: string, rows: readonly (object | string)[]): Promise<CheckImportResponse> {
    return this.imports.checkImport({
      actorUserId,
      entity,
      rowsJson: rows.map((row) => (typeof row === 'string' ? row : JSON.stringify(row))),
    });
  }

  /** Confirms a staged import and waits for its job to end (succeeded or failed). */
  async confirm(actorUserId: string, importId: string): Promise<Job> {
    const { jobId } = await this.imports.confirmImport({ actorUserId, importId });
    for (;;) {
      const { job } = await this.jobs.getJob({ actorUserId, jobId });
      if (job && (job.state === 'succeeded' || job.state === 'failed')) return job;
      await sleep(POLL_MS);
    }
  }

  /** Dry run, then (when clean) the import to its end: the report and the finished job. */
  async run(
    actorUserId: string,
    entity: string,
    rows: readonly (object | string)[],
  ): Promise<{ report: CheckImportResponse; job: Job | null }> {
    const report = await this.check(actorUserId, entity, rows);
    return { report, job: report.importId ? await this.confirm(actorUserId, report.importId) : null };
  }
}
