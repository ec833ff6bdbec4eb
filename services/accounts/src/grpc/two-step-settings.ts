import type {
  ConfirmTwoStepSetupRequest,
  ConfirmTwoStepSetupResponse,
  GetTwoStepRequest,
  GetTwoStepResponse,
  RenewRecoveryCodesRequest,
  RenewRecoveryCodesResponse,
  StartTwoStepSetupRequest,
  StartTwoStepSetupResponse,
  TurnOffTwoStepRequest,
  TurnOffTwoStepResponse,
} from '@pc/proto/accounts/v1/accounts';
import { FailedPreconditionError } from '@pc/kit/errors/domain-errors';
import { FieldChecks } from '../domain/field-checks.js';
import { TWO_STEP_PAGE } from '../domain/site-links.js';
import {
  acceptedStep,
  newAppSecret,
  newRecoveryCodes,
  otpauthUri,
  recoveryCodeHash,
  SETUP_MINUTES,
} from '../domain/two-step.js';
import type { UserRecord } from '../domain/user-record.js';
import type { StoredUser } from '../store/user-repository.js';
import { invalidCode, spendCode } from '../workflows/two-step-codes.js';
import { requireActor } from './actor.js';
import type { AccountsDependencies } from './dependencies.js';
import { provePassword } from './sign-in.js';

const isOn = () => new FailedPreconditionError('two-step sign-in is on already', { reason: 'TWO_STEP_ON' });
const isOff = () => new FailedPreconditionError('two-step sign-in is off', { reason: 'TWO_STEP_OFF' });
const noSetup = () =>
  new FailedPreconditionError('set two-step sign-in up again: no setup was started, or it expired', {
    reason: 'NO_SETUP',
  });

/** A write conditioned on the version read: a concurrent change (another tab) answers CONFLICT, changing nothing. */
const save = (deps: AccountsDependencies, user: StoredUser, next: UserRecord) =>
  deps.users.put({ ...next, updatedAt: deps.clock().toISOString() }, user._version);

export async function getTwoStep(request: GetTwoStepRequest, deps: AccountsDependencies): Promise<GetTwoStepResponse> {
  const actor = await requireActor(deps.users, request.actorUserId);
  const twoStep = actor.twoStep;
  return {
    on: Boolean(twoStep),
    onSince: twoStep ? new Date(twoStep.onSince) : undefined,
    recoveryCodesLeft: twoStep?.recoveryCodes.length ?? 0,
  };
}

/** After the password, a new secret for the app; kept sealed until confirmed (or replaced, or expired). */
export async function startTwoStepSetup(
  request: StartTwoStepSetupRequest,
  deps: AccountsDependencies,
): Promise<StartTwoStepSetupResponse> {
  const actor = await requireActor(deps.users, request.actorUserId);
  const checks = new FieldChecks();
  const password = checks.presentPassword('password', request.password);
  checks.done();
  await provePassword(deps, actor, password, 'two-step-setup', request.client?.ip ?? '');
  if (actor.twoStep) throw isOn();
  const secret = newAppSecret();
  const expiresAt = new Date(deps.clock().getTime() + SETUP_MINUTES * 60_000);
  await save(deps, actor, {
    ...actor,
    twoStepSetup: { secret: deps.secrets.seal(secret, actor._id), expiresAt: expiresAt.toISOString() },
  });
  return { secret, otpauthUri: otpauthUri(secret, actor.email), expiresAt };
}

/** A code for the started secret turns it on; the recovery codes are answered this once. */
export async function confirmTwoStepSetup(
  request: ConfirmTwoStepSetupRequest,
  deps: AccountsDependencies,
): Promise<ConfirmTwoStepSetupResponse> {
  const actor = await requireActor(deps.users, request.actorUserId);
  const checks = new FieldChecks();
  const code = checks.appCode('code', request.code);
  checks.done();
  if (actor.twoStep) throw isOn();
  const now = deps.clock();
  const setup = actor.twoStepSetup;
  if (!setup || setup.expiresAt <= now.toISOString()) throw noSetup();
  const { attemptsLeft } = await deps.throttle.attempt('two-step', actor.email, request.client?.ip ?? '');
  const step = acceptedStep(deps.secrets.open(setup.secret, actor._id), code, now, 0);
  if (step === null) throw invalidCode(attemptsLeft);
  const recoveryCodes = newRecoveryCodes();
  await save(deps, actor, {
    ...actor,
    twoStepSetup: null,
    twoStep: {
      secret: setup.secret,
      onSince: now.toISOString(),
      lastStep: step,
      recoveryCodes: recoveryCodes.map(recoveryCodeHash),
    },
  });
  await deps.mails.twoStepTurnedOn(actor, deps.links.page(TWO_STEP_PAGE));
  return { recoveryCodes };
}

/** Password and a code (or a recovery code) turn it off: a session left open alone cannot. */
export async function turnOffTwoStep(
  request: TurnOffTwoStepRequest,
  deps: AccountsDependencies,
): Promise<TurnOffTwoStepResponse> {
  const actor = await requireActor(deps.users, request.actorUserId);
  const checks = new FieldChecks();
  const password = checks.presentPassword('password', request.password);
  const code = checks.appOrRecoveryCode('code', request.code);
  checks.done();
  if (!actor.twoStep) throw isOff();
  await provePassword(deps, actor, password, 'two-step-off', request.client?.ip ?? '');
  const spent = await spendCodeThrottled(deps, actor, code, true, request.client?.ip ?? '');
  await save(deps, spent, { ...spent, twoStep: null, twoStepSetup: null });
  await deps.mails.twoStepTurnedOff(actor, deps.links.page(TWO_STEP_PAGE));
  return {};
}

/** New recovery codes after an app code; the earlier ones stop working. */
export async function renewRecoveryCodes(
  request: RenewRecoveryCodesRequest,
  deps: AccountsDependencies,
): Promise<RenewRecoveryCodesResponse> {
  const actor = await requireActor(deps.users, request.actorUserId);
  const checks = new FieldChecks();
  const code = checks.appCode('code', request.code);
  checks.done();
  if (!actor.twoStep) throw isOff();
  const spent = await spendCodeThrottled(deps, actor, code, false, request.client?.ip ?? '');
  const recoveryCodes = newRecoveryCodes();
  const twoStep = spent.twoStep;
  if (!twoStep) throw isOff();
  await save(deps, spent, { ...spent, twoStep: { ...twoStep, recoveryCodes: recoveryCodes.map(recoveryCodeHash) } });
  return { recoveryCodes };
}

/** A code of a signed-in user's, throttled as a sign-in's, spent; INVALID_CODE when not right. */
async function spendCodeThrottled(
  deps: AccountsDependencies,
  user: StoredUser,
  code: string,
  recovery: boolean,
  ip: string,
): Promise<StoredUser> {
  const { attemptsLeft } = await deps.throttle.attempt('two-step', user.email, ip);
  const spent = await spendCode(deps, user, code, recovery);
  if (!spent) throw invalidCode(attemptsLeft);
  return spent.user;
}
