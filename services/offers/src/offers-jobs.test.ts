import { setTimeout as sleep } from 'node:timers/promises';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { AccountsStaffServiceService } from '@pc/proto/accounts/v1/staff';
import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { AuditServiceService } from '@pc/proto/staff/v1/audit';
import { JobsServiceService, type Job } from '@pc/proto/staff/v1/jobs';
import { createServiceClient } from '@pc/kit/grpc/client';
import { OffersHarness } from './test-support/offers-harness.js';

/**
 * Offers' freshness sweep runs as a durable recurring job (ADR 055): the job dashboard's
 * JobsService lists it and runs it now for staff:infrastructure only, and audits the action.
 */
describe('offers jobs: the freshness sweep as a durable job', () => {
  let h: OffersHarness;
  let jobs: ReturnType<typeof createServiceClient<typeof JobsServiceService>>;
  let admin = '';
  let shopStaff = '';
  const failure = (call: Promise<unknown>) =>
    call.then(
      () => null,
      (error: unknown) => error as { code?: number; reason?: string },
    );
  const list = (actorUserId: string, state = '') =>
    jobs.listJobs({ actorUserId, state, kind: 'offers.freshness-sweep', sort: '-run_at', page: undefined });

  beforeAll(async () => {
    h = await OffersHarness.start();
    jobs = createServiceClient(JobsServiceService, h.address, { deadlineMs: 20_000 });
    admin = await h.adminId();
    shopStaff = await h.registerUser('shopping-staff@offers-jobs.test');
    const roles = createServiceClient(AccountsStaffServiceService, h.accountsAddress, { deadlineMs: 20_000 });
    await roles.grantStaffRole({ actorUserId: admin, userId: shopStaff, panel: AdminPanel.ADMIN_PANEL_SHOPPING });
  }, 60_000);
  afterAll(() => h.stop());

  it('lists the next sweep as a queued job; refuses staff without staff:infrastructure and bad filters', async () => {
    const { jobs: queued, kinds } = await list(admin, 'queued');
    expect(kinds).toContain('offers.freshness-sweep');
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ service: 'offers', state: 'queued', attempts: 0 });
    expect(await failure(list(shopStaff))).toMatchObject({ code: GrpcStatus.PERMISSION_DENIED });
    expect(await failure(list(admin, 'sleeping'))).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT });
    expect(await failure(jobs.runJobNow({ actorUserId: shopStaff, jobId: queued[0]?.id ?? '' }))).toMatchObject({
      code: GrpcStatus.PERMISSION_DENIED,
    });
  });

  it('runs the sweep now: it succeeds with its report in the log, the next run is queued, the action audited', async () => {
    const [next] = (await list(admin, 'queued')).jobs;
    await jobs.runJobNow({ actorUserId: admin, jobId: next?.id ?? '' });
    let job: Job | undefined;
    do {
      await sleep(20);
      job = (await jobs.getJob({ actorUserId: admin, jobId: next?.id ?? '' })).job;
    } while (job?.state !== 'succeeded');
    expect(job.logLines.some((line) => line.includes('delisted 0 stale'))).toBe(true);
    expect(JSON.parse(job.resultJson)).toMatchObject({ staleDelisted: 0 });
    const queuedAgain = (await list(admin, 'queued')).jobs;
    expect(queuedAgain).toHaveLength(1);
    expect(queuedAgain[0]?.id).not.toBe(next?.id);

    const audit = createServiceClient(AuditServiceService, h.address, { deadlineMs: 20_000 });
    const { entries } = await audit.listAuditEntries({
      actorUserId: admin,
      panel: 'infrastructure',
      entityType: 'job',
      entityId: next?.id ?? '',
      byUserId: '',
      action: '',
      page: undefined,
    });
    expect(entries.map((entry) => [entry.action, entry.actorUserId])).toEqual([['job.run_now', admin]]);
  });
});
