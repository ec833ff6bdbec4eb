import type {
  GetUserRequest,
  GetUserResponse,
  ListUsersRequest,
  ListUsersResponse,
  UpdateUserRequest,
  UpdateUserResponse,
} from '@pc/proto/accounts/v1/accounts';
import { NotFoundError } from '@pc/kit/errors/domain-errors';
import { pageResponse, resolvePage } from '@pc/kit/paging/page';
import { FieldChecks } from '../domain/field-checks.js';
import { userSearchGrams } from '../domain/search-grams.js';
import { VERIFY_PAGE } from '../domain/site-links.js';
import { isLive, type UserRecord } from '../domain/user-record.js';
import { emailTaken } from '../store/user-repository.js';
import type { Caller } from '@pc/kit/identity/caller';
import { requireActor, requireAdmin, targetUser } from './actor.js';
import { mayReadEmail } from './email-readers.js';
import { mailUndo, prepareEmailChange } from './email-change.js';
import type { AccountsDependencies } from './dependencies.js';
import { userMessage } from './messages.js';
import { provePassword } from './sign-in.js';
import { searchUsers } from './user-search.js';

/**
 * A user by id, for the services' role checks and the fronts. Deleted users are NOT_FOUND. The
 * e-mail address only for callers entitled to it (email-readers.ts), empty for everyone else.
 */
export async function getUser(
  request: GetUserRequest,
  deps: AccountsDependencies,
  caller: Caller | undefined,
): Promise<GetUserResponse> {
  const checks = new FieldChecks();
  const userId = checks.id('user_id', request.userId);
  checks.done();
  const user = await deps.users.get(userId);
  if (!isLive(user)) throw new NotFoundError('user', userId);
  const message = userMessage(user);
  return { user: (await mayReadEmail(caller, userId, deps.users)) ? message : { ...message, email: '' } };
}

/** The admin panel's user list: newest first, by name/e-mail substring, admins or business only. */
export async function listUsers(request: ListUsersRequest, deps: AccountsDependencies): Promise<ListUsersResponse> {
  await requireAdmin(deps.users, request.actorUserId);
  const page = resolvePage(request.page, { defaultSize: 20, maxSize: 100 });
  const { users, total } = await searchUsers(
    deps.users,
    { query: request.query, adminsOnly: request.adminsOnly, businessOnly: request.businessOnly },
    page,
  );
  return { users: users.map(userMessage), page: pageResponse(page, total) };
}

/**
 * The actor's own profile, or anyone's for an admin. A new e-mail must be verified again, and
 * the old address is told with a link that undoes the change; changing one's own e-mail needs the
 * current password (issue 43: a stolen session alone cannot take the account over).
 */
export async function updateUser(request: UpdateUserRequest, deps: AccountsDependencies): Promise<UpdateUserResponse> {
  const actor = await requireActor(deps.users, request.actorUserId);
  const target = await targetUser(deps.users, actor, request.userId);
  const checks = new FieldChecks();
  const name = request.name === undefined ? target.name : checks.required('name', request.name);
  const email = request.email === undefined ? target.email : checks.email('email', request.email);
  const phone = request.phone === undefined ? target.phone : checks.phone('phone', request.phone);
  const language =
    request.language === undefined ? target.language : checks.language('language', request.language) || target.language;
  const company = request.company === undefined ? target.company : checks.optional('company', request.company);
  const emailChanged = email !== target.email;
  const ownEmail = emailChanged && target._id === actor._id;
  const password = ownEmail ? checks.presentPassword('current_password', request.currentPassword) : '';
  checks.done();
  if (ownEmail) await provePassword(deps, actor, password, 'password', request.client?.ip ?? '');
  if (emailChanged && (await deps.users.getByEmail(email))) throw emailTaken();
  const now = deps.clock().toISOString();
  const undo = emailChanged ? prepareEmailChange(target, deps) : null;
  const next: UserRecord = {
    ...target,
    name,
    email,
    phone,
    language,
    company,
    searchGrams: userSearchGrams(name, email),
    updatedAt: now,
    ...(undo ? { emailVerifiedAt: null, verification: null, passwordReset: null, emailChange: undo.emailChange } : {}),
  };
  let stored = await deps.users.put(next, target._version);
  if (undo) {
    await mailUndo(target, stored, undo.token, deps);
    const base = deps.links.base(new FieldChecks(), 'verify_url', '', VERIFY_PAGE);
    stored = await deps.verification.send(stored, base).then(
      (sent) => sent.user,
      (error: unknown) => {
        deps.logger.warn({ err: error, userId: stored._id }, 'verification e-mail not sent after an e-mail change');
        return stored;
      },
    );
  }
  return { user: userMessage(stored) };
}
