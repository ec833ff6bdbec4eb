import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { createServiceClient } from '@pc/kit/grpc/client';
import {
  AccountsServiceService,
  type CompleteSignInResponse,
  type GetSessionResponse,
  type LoginResponse,
  type RegisterRequest,
} from '@pc/proto/accounts/v1/accounts';
import type { ClientInfo, User } from '@pc/proto/accounts/v1/types';
import { config, serviceAddress } from '~/config.server';

/**
 * Gateway to the accounts service. Routes call view-shaped functions added here (never grpc-js);
 * the client shares the process-wide channel to the service and puts a deadline on every call.
 */
export const accounts = createServiceClient(AccountsServiceService, serviceAddress('accounts'), {
  deadlineMs: config.SERVICE_DEADLINE_MS,
});

/** Login and registration hash a password (argon2id, tens of ms; more under load): a longer deadline. */
const KDF_DEADLINE = { deadlineMs: Math.max(config.SERVICE_DEADLINE_MS, 10_000) };

/** Where a request comes from, for throttling and the session list (the IP from the edge's load context). */
export function clientInfo(request: Request, context?: { readonly clientIp?: unknown }): ClientInfo {
  const ip = typeof context?.clientIp === 'string' ? context.clientIp : '';
  return { ip: ip.slice(0, 64), userAgent: (request.headers.get('user-agent') ?? '').slice(0, 300) };
}

/**
 * The session's user, or null when the token is unknown or expired (the spec's session boot
 * treats that silently). Slides the expiry at most once a minute per session.
 */
const lastTouched = new Map<string, number>();
export async function sessionUser(token: string): Promise<GetSessionResponse | null> {
  const touch = (lastTouched.get(token) ?? 0) < Date.now() - 60_000;
  try {
    const session = await accounts.getSession({ sessionToken: token, touch });
    if (touch) {
      if (lastTouched.size > 50_000) lastTouched.clear();
      lastTouched.set(token, Date.now());
    }
    return session.user ? session : null;
  } catch (error) {
    if (
      error instanceof RpcError &&
      (error.code === GrpcStatus.UNAUTHENTICATED || error.code === GrpcStatus.INVALID_ARGUMENT)
    )
      return null;
    throw error;
  }
}

export function login(email: string, password: string, remember: boolean, client: ClientInfo): Promise<LoginResponse> {
  return accounts.login({ email, password, rememberMe: remember, client }, KDF_DEADLINE);
}

export function register(request: RegisterRequest) {
  return accounts.register(request, KDF_DEADLINE);
}

export async function logout(token: string): Promise<void> {
  lastTouched.delete(token);
  await accounts.logout({ sessionToken: token, allSessions: false });
}

export function requestPasswordReset(email: string, language: string, client: ClientInfo) {
  return accounts.requestPasswordReset({ email, language, resetUrl: '', client });
}

export function resetPassword(
  fields: { token: string; email: string; password: string; passwordConfirmation: string; remember: boolean },
  client: ClientInfo,
) {
  return accounts.resetPassword({ ...fields, rememberMe: fields.remember, client }, KDF_DEADLINE);
}

/** The second step of a sign-in (ADR 153): the challenge of Login or ResetPassword and the app's code or a recovery code. */
export function completeSignIn(
  challengeToken: string,
  code: string,
  client: ClientInfo,
): Promise<CompleteSignInResponse> {
  return accounts.completeSignIn({ challengeToken, code, client });
}

export async function verifyEmail(userId: string, token: string): Promise<User | undefined> {
  return (await accounts.verifyEmail({ userId, token })).user;
}

/** The link mailed to the old address after an e-mail change: restores it and signs everyone out. */
export async function undoEmailChange(userId: string, token: string): Promise<User | undefined> {
  return (await accounts.undoEmailChange({ userId, token }, KDF_DEADLINE)).user;
}

export function resendVerification(actorUserId: string) {
  return accounts.resendVerification({ actorUserId, verifyUrl: '' });
}

/** Merges the guest's recently viewed cookie list (newest first) at sign-in. */
export async function mergeRecentlyViewed(actorUserId: string, productIds: readonly string[]): Promise<void> {
  if (productIds.length === 0) return;
  await accounts.recordRecentlyViewed({
    actorUserId,
    items: productIds.slice(0, 10).map((productId) => ({ productId, viewedAt: undefined })),
  });
}

/** Favourites of the signed-in user (each call names its actor; accounts checks ownership). */
export const favourites = {
  lists: (actorUserId: string) => accounts.listFavouriteLists({ actorUserId }),
  createList: (actorUserId: string, name: string, isPublic: boolean) =>
    accounts.createFavouriteList({ actorUserId, name, public: isPublic }),
  updateList: (actorUserId: string, listId: string, change: { name?: string; public?: boolean }) =>
    accounts.updateFavouriteList({ actorUserId, listId, name: change.name, public: change.public }),
  deleteList: (actorUserId: string, listId: string) => accounts.deleteFavouriteList({ actorUserId, listId }),
  list: (actorUserId: string, listId: string, page: number, hitsPerPage: number) =>
    accounts.getFavouriteList({ actorUserId, listId, page: { page, hitsPerPage } }),
  all: (actorUserId: string, page: number, hitsPerPage: number) =>
    accounts.listFavourites({ actorUserId, page: { page, hitsPerPage } }),
  add: (actorUserId: string, listId: string, productId: string, note: string) =>
    accounts.addFavourite({ actorUserId, listId, productId, note }),
  remove: (actorUserId: string, listId: string, productId: string) =>
    accounts.removeFavourite({ actorUserId, listId, productId }),
  status: (actorUserId: string, productIds: string[]) => accounts.getFavouriteStatus({ actorUserId, productIds }),
};

/** The signed-in user's recently viewed products (spec §9: at most 10, newest first). */
export const recentlyViewed = {
  list: (actorUserId: string) => accounts.listRecentlyViewed({ actorUserId, limit: 0 }),
  record: (actorUserId: string, productId: string) =>
    accounts.recordRecentlyViewed({ actorUserId, items: [{ productId, viewedAt: undefined }] }),
};

/** The products the signed-in user picked for comparison, in order (ADR 132: at most 4). */
export const comparePicks = {
  get: (actorUserId: string) => accounts.getComparePicks({ actorUserId }),
  /** With `ifRevision`, only while the kept list is still of that revision (ABORTED otherwise). */
  set: (actorUserId: string, productIds: string[], ifRevision?: number) =>
    accounts.setComparePicks({ actorUserId, productIds, ...(ifRevision === undefined ? {} : { ifRevision }) }),
};

/** Where the signed-in user is signed in (the account page, ADR 149). */
export const ownSessions = {
  list: async (actorUserId: string, currentSessionId: string) =>
    (await accounts.listOwnSessions({ actorUserId, currentSessionId })).sessions,
  end: (actorUserId: string, sessionId: string) => accounts.endOwnSession({ actorUserId, sessionId }),
  endOthers: async (actorUserId: string, keepSessionId: string) =>
    (await accounts.endOtherSessions({ actorUserId, keepSessionId })).ended,
};

/** The signed-in user's own account (account pages). */
export const ownAccount = {
  /** A new e-mail needs the current password (accounts checks and throttles it as a sign-in). */
  update: (
    actorUserId: string,
    change: { name?: string; email?: string; phone?: string; language?: string; company?: string },
    currentPassword: string,
    client: ClientInfo,
  ) => accounts.updateUser({ actorUserId, userId: '', ...change, currentPassword, client }, KDF_DEADLINE),
  changePassword: (
    actorUserId: string,
    fields: { currentPassword: string; password: string; passwordConfirmation: string; keepSessionId: string },
    client: ClientInfo,
  ) => accounts.changePassword({ actorUserId, ...fields, client }, KDF_DEADLINE),
  enableBusiness: (actorUserId: string, company: string, phone: string) =>
    accounts.enableBusinessAccount({ actorUserId, company, phone }),
  delete: (actorUserId: string, password: string) =>
    accounts.deleteAccount({ actorUserId, userId: '', password, confirm: true }, KDF_DEADLINE),
};

/** The signed-in user's two-step sign-in (ADR 153); starting and turning off check the password. */
export const ownTwoStep = {
  get: (actorUserId: string) => accounts.getTwoStep({ actorUserId }),
  startSetup: (actorUserId: string, password: string, client: ClientInfo) =>
    accounts.startTwoStepSetup({ actorUserId, password, client }, KDF_DEADLINE),
  confirmSetup: async (actorUserId: string, code: string, client: ClientInfo) =>
    (await accounts.confirmTwoStepSetup({ actorUserId, code, client })).recoveryCodes,
  renewRecoveryCodes: async (actorUserId: string, code: string, client: ClientInfo) =>
    (await accounts.renewRecoveryCodes({ actorUserId, code, client })).recoveryCodes,
  turnOff: (actorUserId: string, password: string, code: string, client: ClientInfo) =>
    accounts.turnOffTwoStep({ actorUserId, password, code, client }, KDF_DEADLINE),
};
