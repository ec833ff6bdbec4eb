import type { RegisterRequest, RegisterResponse } from '@pc/proto/accounts/v1/accounts';
import { AccountType } from '@pc/proto/accounts/v1/types';
import { FieldChecks } from '../domain/field-checks.js';
import { newUser } from '../domain/new-user.js';
import { VERIFY_PAGE } from '../domain/site-links.js';
import { userRegistered } from '../events/account-events.js';
import { registrationAllowed } from '../security/login-throttle.js';
import { signInMetrics } from '../security/sign-in-metrics.js';
import { emailTaken, type StoredUser } from '../store/user-repository.js';
import type { AccountsDependencies } from './dependencies.js';
import { sessionMessage, userMessage } from './messages.js';

/** Spec §5: the wording the terms checkbox shows and the user accepts. */
export const TERMS_WORDING = 'I have read and agree to the terms and conditions and the listing terms';

const ACCOUNT_TYPES: readonly number[] = [AccountType.ACCOUNT_TYPE_UNSPECIFIED, AccountType.ACCOUNT_TYPE_PERSONAL, AccountType.ACCOUNT_TYPE_BUSINESS];

/**
 * Register: every field checked first (nothing written on bad input), then the user written
 * with UserRegistered in its outbox, a session issued and the verification e-mail sent (a mail
 * failure does not undo the registration: verification_sent says so, and the user can resend).
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

  if (await deps.users.getByEmail(email)) throw emailTaken();
  const now = deps.clock();
  const record = newUser({ name, email, phone, language, company, accountType: request.accountType, passwordHash: await deps.hasher.hash(password) }, now);
  // Two registrations of one address at once: the unique index lets one through (EMAIL_TAKEN).
  const stored: StoredUser = await deps.users.put({ ...record, ...deps.outbox.stage(null, [userRegistered(record)], now) }, 0);
  await deps.outbox.flush(deps.users.collection, stored);
  signInMetrics.registered();
  const session = await deps.issuer.issue(stored._id, request.rememberMe, request.client);
  const verificationSent = await deps.verification.send(stored, deps.links.base(new FieldChecks(), 'verify_url', '', VERIFY_PAGE)).then(
    () => true,
    (error: unknown) => {
      deps.logger.warn({ err: error, userId: stored._id }, 'verification e-mail not sent at registration');
      return false;
    },
  );
  return { user: userMessage(stored), session: sessionMessage(session.record, session.token), verificationSent };
}
