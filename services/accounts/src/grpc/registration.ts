import type { RegisterRequest, RegisterResponse } from '@pc/proto/accounts/v1/accounts';
import { AccountType } from '@pc/proto/accounts/v1/types';
import { AlreadyExistsError } from '@pc/kit/errors/domain-errors';
import { FieldChecks } from '../domain/field-checks.js';
import { newUser } from '../domain/new-user.js';
import { RESET_PAGE, VERIFY_PAGE } from '../domain/site-links.js';
import { isLive } from '../domain/user-record.js';
import { userRegistered } from '../events/account-events.js';
import { registrationAllowed } from '../security/login-throttle.js';
import { signInMetrics } from '../security/sign-in-metrics.js';
import type { StoredUser } from '../store/user-repository.js';
import type { AccountsDependencies } from './dependencies.js';
import { userMessage } from './messages.js';
import { newResetLink } from './passwords.js';

/** Spec §5: the wording the terms checkbox shows and the user accepts. */
export const TERMS_WORDING = 'I have read and agree to the terms and conditions and the listing terms';

const ACCOUNT_TYPES: readonly number[] = [
  AccountType.ACCOUNT_TYPE_UNSPECIFIED,
  AccountType.ACCOUNT_TYPE_PERSONAL,
  AccountType.ACCOUNT_TYPE_BUSINESS,
];

/**
 * Register: every field checked first (nothing written on bad input), then the user written
 * with UserRegistered in its outbox and the verification e-mail sent (a mail failure does not
 * undo the registration: verification_sent says so, and the user can resend). No session: the
 * user logs in.
 *
 * No enumeration (issue 43): an address that has an account gets a mail to its owner (sign in or
 * reset the password, with a reset link) instead of a second account, after the same password
 * hashing, and the site answers both alike. The RPC's answer differs only in `user`.
 */
export async function register(request: RegisterRequest, deps: AccountsDependencies): Promise<RegisterResponse> {
  const checks = new FieldChecks();
  const name = checks.required('name', request.name);
  const email = checks.email('email', request.email);
  const password = checks.newPassword('password', request.password, request.passwordConfirmation);
  const phone = checks.phone('phone', request.phone);
  const language = checks.language('language', request.language);
  const business = request.accountType === AccountType.ACCOUNT_TYPE_BUSINESS;
  const company = business ? checks.required('company', request.company) : checks.optional('company', request.company);
  if (!ACCOUNT_TYPES.includes(request.accountType)) checks.add('account_type', 'must be personal or business', 'in');
  checks.accepted('terms', request.termsAccepted, TERMS_WORDING);
  checks.done();
  await registrationAllowed(deps.cache, request.client?.ip ?? '');

  const passwordHash = await deps.hasher.hash(password);
  const existing = await deps.users.getByEmail(email);
  if (isLive(existing)) return alreadyRegistered(existing, language, deps);
  const now = deps.clock();
  const record = newUser(
    { name, email, phone, language, company, accountType: request.accountType, passwordHash },
    now,
  );
  let stored: StoredUser;
  try {
    stored = await deps.users.put({ ...record, ...deps.outbox.stage(null, [userRegistered(record)], now) }, 0);
  } catch (error) {
    // Two registrations of one address at once: the unique index lets one through.
    const winner = error instanceof AlreadyExistsError ? await deps.users.getByEmail(email) : null;
    if (isLive(winner)) return alreadyRegistered(winner, language, deps);
    throw error;
  }
  await deps.outbox.flush(deps.users.collection, stored);
  signInMetrics.registered();
  const verificationSent = await deps.verification
    .send(stored, deps.links.base(new FieldChecks(), 'verify_url', '', VERIFY_PAGE))
    .then(
      () => true,
      (error: unknown) => {
        deps.logger.warn({ err: error, userId: stored._id }, 'verification e-mail not sent at registration');
        return false;
      },
    );
  return { user: userMessage(stored), verificationSent };
}

/**
 * The address has an account: its owner is told (at most one such mail a minute per address —
 * quietly, since a refusal would tell the caller the address is known), nothing else changes.
 */
async function alreadyRegistered(
  owner: StoredUser,
  language: string,
  deps: AccountsDependencies,
): Promise<RegisterResponse> {
  const first = await deps.cache.hit(`registered-mail:${owner._id}`, 1, 60_000);
  if (first.allowed) {
    const resetUrl = await newResetLink(deps, owner, deps.links.base(new FieldChecks(), 'reset_url', '', RESET_PAGE));
    await deps.mails
      .alreadyRegistered(owner.email, owner.name, language || owner.language, resetUrl)
      .catch((error: unknown) => {
        deps.logger.warn({ err: error, userId: owner._id }, 'already-registered e-mail not sent');
      });
  }
  return { verificationSent: true };
}
