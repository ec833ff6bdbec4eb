import { status as GrpcStatus } from '@grpc/grpc-js';
import { LogAdminServiceService, LogLevel, type ListRecentLogsRequest } from '@pc/proto/staff/v1/logs';
import { PermissionDeniedError } from '../errors/domain-errors.js';
import { RpcError } from '../errors/grpc-errors.js';
import { closeAllChannels } from '../grpc/channel-pool.js';
import { createServiceClient } from '../grpc/client.js';
import { createGrpcServer, type GrpcServer } from '../grpc/server.js';
import { currentCaller } from '../identity/caller.js';
import { LogRing } from '../logging/log-ring.js';
import { createLogger } from '../logging/logger.js';
import { logAdminService } from './log-admin-service.js';

const STAFF = 'u-staff';
const MEMBER = 'u-member';

/**
 * The staff rule as @pc/staff-access applies it, for the one panel: the verified user of the call
 * holding staff:infrastructure.
 */
const staff = {
  checked: [] as string[],
  async require(actorUserId: string, action: string, panel: string): Promise<void> {
    staff.checked.push(`${panel}:${action}`);
    if (actorUserId === STAFF && currentCaller()?.userId === STAFF) return;
    throw new PermissionDeniedError(`${action} needs the staff:${panel} role`, { reason: 'STAFF_ROLE_REQUIRED' });
  },
};

const request = (fields: Partial<ListRecentLogsRequest> = {}): ListRecentLogsRequest => ({
  actorUserId: STAFF,
  minLevel: LogLevel.LOG_LEVEL_UNSPECIFIED,
  contains: '',
  traceId: '',
  ...fields,
});

const failure = (promise: Promise<unknown>): Promise<RpcError> =>
  promise.then(
    () => {
      throw new Error('the call succeeded');
    },
    (error: unknown) => error as RpcError,
  );

describe('LogAdminService over gRPC (a service’s recent warnings for the infrastructure panel)', () => {
  const ring = new LogRing();
  const quiet = { write: () => undefined };
  const logger = createLogger(null, 'info', { ring, stdout: quiet });
  let server: GrpcServer;
  let logs: ReturnType<typeof createServiceClient<typeof LogAdminServiceService>>;

  beforeAll(async () => {
    server = createGrpcServer({
      services: [logAdminService({ service: 'offers', staff, ring, instance: 'offers-7f9/12' })],
      logger: createLogger('offers', 'silent'),
    });
    logs = createServiceClient(LogAdminServiceService, `127.0.0.1:${await server.listen('127.0.0.1', 0)}`);
    const offers = logger.child({ service: 'offers' });
    offers.warn({ shopId: 's-1', password: 'hunter2' }, 'offer observation skipped');
    offers.error({ code: 13 }, 'call failed with an internal error');
    // Another service of the same process (a test platform): not this service's to answer.
    logger.child({ service: 'catalog' }).error('taxonomy unreadable');
  });

  afterAll(async () => {
    closeAllChannels();
    await server.shutdown();
  });

  it('answers staff with this service’s records, newest first, redacted, with the instance', async () => {
    const answer = await logs.listRecentLogs(request());
    expect(answer).toMatchObject({
      service: 'offers',
      instance: 'offers-7f9/12',
      kept: 3,
      page: { nextPageToken: '' },
    });
    expect(answer.records).toEqual([
      expect.objectContaining({
        level: LogLevel.LOG_LEVEL_ERROR,
        message: 'call failed with an internal error',
        service: 'offers',
        instance: 'offers-7f9/12',
        fieldsJson: '{"code":13}',
      }),
      expect.objectContaining({ level: LogLevel.LOG_LEVEL_WARN, message: 'offer observation skipped' }),
    ]);
    expect(JSON.parse(answer.records[1]?.fieldsJson ?? '')).toEqual({ shopId: 's-1', password: '[redacted]' });
    expect(answer.records[0]?.time?.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(staff.checked).toContain('infrastructure:reading the logs');
  });

  it('filters by level and text, and pages', async () => {
    const errors = await logs.listRecentLogs(request({ minLevel: LogLevel.LOG_LEVEL_ERROR }));
    expect(errors.records.map((record) => record.message)).toEqual(['call failed with an internal error']);
    const text = await logs.listRecentLogs(request({ contains: 'S-1' }));
    expect(text.records.map((record) => record.message)).toEqual(['offer observation skipped']);
    const first = await logs.listRecentLogs(request({ page: { pageSize: 1, pageToken: '' } }));
    expect(first.records).toHaveLength(1);
    const second = await logs.listRecentLogs(
      request({ page: { pageSize: 1, pageToken: first.page?.nextPageToken ?? '' } }),
    );
    expect(second.records.map((record) => record.message)).toEqual(['offer observation skipped']);
  });

  it('refuses a user without staff:infrastructure', async () => {
    expect(await failure(logs.listRecentLogs(request({ actorUserId: MEMBER })))).toMatchObject({
      code: GrpcStatus.PERMISSION_DENIED,
      reason: 'STAFF_ROLE_REQUIRED',
    });
  });

  it.each([
    ['min_level', { minLevel: 7 as LogLevel }],
    ['since', { since: new Date(Date.now() + 3_600_000) }],
    ['contains', { contains: 'a\u0007b' }],
    ['trace_id', { traceId: 'not-a-trace' }],
    ['page.page_size', { page: { pageSize: 5_000, pageToken: '' } }],
    ['page.page_token', { page: { pageSize: 0, pageToken: 'forged' } }],
  ])('refuses a bad %s as INVALID_ARGUMENT naming the field', async (field, fields) => {
    expect(await failure(logs.listRecentLogs(request(fields)))).toMatchObject({
      code: GrpcStatus.INVALID_ARGUMENT,
      violations: [expect.objectContaining({ field })],
    });
  });
});
