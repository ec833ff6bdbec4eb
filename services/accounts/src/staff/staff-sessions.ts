import type {
  EndUserSessionsRequest,
  EndUserSessionsResponse,
  ListUserSessionsRequest,
  ListUserSessionsResponse,
} from '@pc/proto/accounts/v1/staff';
import { FieldChecks } from '../domain/field-checks.js';
import { liveSessions } from '../grpc/own-sessions.js';
import type { StaffDependencies } from './staff-dependencies.js';
import { addressedUser } from './staff-view.js';

const REASON_MAX = 500;

/** A user's signed-in browsers, for support (ADR 149): no session is the staff user's own. */
export async function listUserSessions(
  request: ListUserSessionsRequest,
  deps: StaffDependencies,
): Promise<ListUserSessionsResponse> {
  await deps.staff.require(request.actorUserId, 'reading a user’s sessions');
  const user = await addressedUser(deps.users, request.userId);
  return { sessions: await liveSessions(deps, user._id) };
}

/** Signs a user out everywhere, leaving the account open (unlike a lock); audited with the reason. */
export async function endUserSessions(
  request: EndUserSessionsRequest,
  deps: StaffDependencies,
): Promise<EndUserSessionsResponse> {
  const checks = new FieldChecks();
  const reason = checks.required('reason', request.reason, REASON_MAX);
  checks.done();
  await deps.staff.require(request.actorUserId, 'signing a user out');
  const user = await addressedUser(deps.users, request.userId);
  const before = (await liveSessions(deps, user._id)).length;
  const sessionsEnded = await deps.sessions.deleteForUser(user._id);
  await deps.audit.record({
    actorUserId: request.actorUserId,
    panel: 'admin',
    action: 'user.end_sessions',
    entityType: 'user',
    entityId: user._id,
    before: { sessions: before },
    after: { sessions: 0, reason },
  });
  deps.logger.info({ userId: user._id, by: request.actorUserId, sessionsEnded }, 'user signed out by staff');
  return { sessionsEnded };
}
