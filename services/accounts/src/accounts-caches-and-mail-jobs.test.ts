import { status as GrpcStatus } from '@grpc/grpc-js';
import { AuditServiceService } from '@pc/proto/staff/v1/audit';
import { CacheAdminServiceService } from '@pc/proto/staff/v1/caches';
import { JobsServiceService } from '@pc/proto/staff/v1/jobs';
import { createServiceClient } from '@pc/kit/grpc/client';
import { AccountsHarness, failure } from './test-support/accounts-harness.js';

const ROOT = { ACCOUNTS_BOOTSTRAP_ADMIN_EMAIL: 'root@staff.test', ACCOUNTS_BOOTSTRAP_ADMIN_PASSWORD: 'root-secret' };

describe('accounts in the infrastructure panel: its cache (CacheAdminService) and its mails as jobs (JobsService)', () => {
  let accounts: AccountsHarness;
  let caches: ReturnType<typeof createServiceClient<typeof CacheAdminServiceService>>;
  let jobs: ReturnType<typeof createServiceClient<typeof JobsServiceService>>;
  let rootId: string;

  beforeAll(async () => {
    accounts = await AccountsHarness.start(undefined, ROOT);
    caches = createServiceClient(CacheAdminServiceService, accounts.address, { deadlineMs: 20_000 });
    jobs = createServiceClient(JobsServiceService, accounts.address, { deadlineMs: 20_000 });
    rootId = (await accounts.signIn(ROOT.ACCOUNTS_BOOTSTRAP_ADMIN_EMAIL, ROOT.ACCOUNTS_BOOTSTRAP_ADMIN_PASSWORD))
      .userId;
  });
  afterAll(() => accounts.stop());

  const login = (email: string, password: string) =>
    accounts.client.login({ email, password, rememberMe: false, client: { ip: '198.51.100.9', userAgent: 'jest' } });

  it('shows the sign-in throttle windows and lifts one lockout after staff flush it, audited', async () => {
    const email = 'locked@example.test';
    await accounts.register({ email });
    for (let i = 0; i < 5; i++) await failure(login(email, 'wrong-password'));
    expect(await failure(login(email, 'secret-pass'))).toMatchObject({ code: GrpcStatus.RESOURCE_EXHAUSTED });

    const summary = await caches.getCacheSummary({ actorUserId: rootId });
    expect(summary).toMatchObject({ service: 'accounts', adapter: 'embedded', complete: true });
    expect(summary.groups).toContainEqual(expect.objectContaining({ prefix: 'login:', rateLimit: true }));
    const prefix = `login:email-ip:${email}|`;
    const listed = await caches.listCacheKeys({ actorUserId: rootId, prefix, cursor: '', limit: 0 });
    expect(listed.keys).toEqual([
      expect.objectContaining({ key: `${prefix}198.51.100.9`, rateLimit: true, expires: true, valueBytes: 1 }),
    ]);
    expect(listed.nextCursor).toBe('');

    // A flush of the values alone leaves the lockout; asked with rate_limits, it lifts it.
    await expect(caches.flushCache({ actorUserId: rootId, prefix, all: false, rateLimits: false })).resolves.toEqual({
      deleted: 0,
    });
    expect(await failure(login(email, 'secret-pass'))).toMatchObject({ code: GrpcStatus.RESOURCE_EXHAUSTED });
    await expect(caches.flushCache({ actorUserId: rootId, prefix, all: false, rateLimits: true })).resolves.toEqual({
      deleted: 1,
    });
    expect((await login(email, 'secret-pass')).session?.userId).toBeTruthy();

    const audit = createServiceClient(AuditServiceService, accounts.address, { deadlineMs: 20_000 });
    const entries = await audit.listAuditEntries({
      actorUserId: rootId,
      panel: 'infrastructure',
      entityType: 'cache',
      entityId: '',
      byUserId: '',
      action: 'cache.flush',
      page: undefined,
    });
    expect(entries.entries.map((entry) => [entry.entityId, JSON.parse(entry.afterJson)])).toEqual([
      [`accounts:${prefix}`, { deleted: 1, rateLimits: true }],
      [`accounts:${prefix}`, { deleted: 0, rateLimits: false }],
    ]);
  });

  it('refuses bad flushes and callers without staff:infrastructure, changing nothing', async () => {
    expect(
      await failure(caches.flushCache({ actorUserId: rootId, prefix: '', all: false, rateLimits: false })),
    ).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [{ field: 'prefix' }],
    });
    expect(
      await failure(caches.flushCache({ actorUserId: rootId, prefix: 'a', all: true, rateLimits: false })),
    ).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
    });
    expect(
      await failure(caches.listCacheKeys({ actorUserId: rootId, prefix: 'login:\u0007', cursor: '', limit: 10 })),
    ).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT, violations: [{ field: 'prefix' }] });
    expect(
      await failure(caches.listCacheKeys({ actorUserId: rootId, prefix: '', cursor: 'forged', limit: 10 })),
    ).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT, violations: [{ field: 'cursor' }] });
    expect(
      await failure(caches.listCacheKeys({ actorUserId: rootId, prefix: '', cursor: '', limit: 5_000 })),
    ).toMatchObject({ code: GrpcStatus.INVALID_ARGUMENT, violations: [{ field: 'limit' }] });

    const visitor = (await accounts.register()).user?.id ?? '';
    const before = await caches.getCacheSummary({ actorUserId: rootId });
    expect(
      await failure(caches.flushCache({ actorUserId: visitor, prefix: '', all: true, rateLimits: true })),
    ).toMatchObject({
      code: GrpcStatus.PERMISSION_DENIED,
      reason: 'STAFF_ROLE_REQUIRED',
    });
    expect(await failure(caches.getCacheSummary({ actorUserId: visitor }))).toMatchObject({
      code: GrpcStatus.PERMISSION_DENIED,
    });
    expect((await caches.getCacheSummary({ actorUserId: rootId })).keys).toBeGreaterThanOrEqual(before.keys);
  });

  it('sends each mail as a job the dashboard lists, without its body', async () => {
    const email = 'mailed@example.test';
    await accounts.register({ email });
    expect(accounts.mail.latest(email, 'email-verification')).toBeDefined();

    const listed = await jobs.listJobs({
      actorUserId: rootId,
      state: '',
      kind: 'accounts.send-mail',
      sort: '-created_at',
      page: undefined,
    });
    expect(listed.kinds).toContain('accounts.send-mail');
    const job = listed.jobs.find((candidate) => JSON.parse(candidate.payloadJson).to === email);
    expect(job).toMatchObject({ state: 'succeeded', attempts: 1 });
    expect(job?.payloadJson).not.toContain('http');
    const { job: detail } = await jobs.getJob({ actorUserId: rootId, jobId: job?.id ?? '' });
    expect(detail?.logLines.join('\n')).toContain(`sent to ${email}`);
  });
});
