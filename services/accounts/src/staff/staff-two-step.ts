import type { TurnOffUserTwoStepRequest, TurnOffUserTwoStepResponse } from '@pc/proto/accounts/v1/staff';
import { FieldChecks } from '../domain/field-checks.js';
import { TWO_STEP_PAGE } from '../domain/site-links.js';
import type { UserRecord } from '../domain/user-record.js';
import type { StaffDependencies } from './staff-dependencies.js';
import { addressedUser } from './staff-view.js';

const REASON_MAX = 500;

/**
 * Turns a user's two-step sign-in off for support (ADR 153): the user lost the phone and the
 * recovery codes, and staff checked who they are another way. Every session and waiting sign-in
 * ends (whoever holds one may be the reason), the user is mailed, and the audit log keeps the
 * reason. Off already changes nothing and is not audited.
 */
export async function turnOffUserTwoStep(
  request: TurnOffUserTwoStepRequest,
  deps: StaffDependencies,
): Promise<TurnOffUserTwoStepResponse> {
  const checks = new FieldChecks();
  const reason = checks.required('reason', request.reason, REASON_MAX);
  checks.done();
  await deps.staff.require(request.actorUserId, 'turning a user’s two-step sign-in off');
  const user = await addressedUser(deps.users, request.userId);
  if (!user.twoStep) return { wasOn: false };
  const now = deps.clock().toISOString();
  const off: UserRecord = { ...user, twoStep: null, twoStepSetup: null, updatedAt: now };
  await deps.users.put(off, user._version);
  await deps.sessions.deleteForUser(user._id);
  await deps.challenges.deleteForUser(user._id);
  await deps.audit.record({
    actorUserId: request.actorUserId,
    panel: 'admin',
    action: 'user.two_step_off',
    entityType: 'user',
    entityId: user._id,
    before: { twoStep: 'on', onSince: user.twoStep.onSince },
    after: { twoStep: 'off', reason },
  });
  await deps.mails.twoStepTurnedOff(user, deps.links.page(TWO_STEP_PAGE), true);
  deps.logger.info({ userId: user._id, by: request.actorUserId }, 'two-step sign-in turned off by staff');
  return { wasOn: true };
}
