import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { AccountsServiceService } from '@pc/proto/accounts/v1/accounts';
import type { User } from '@pc/proto/accounts/v1/types';
import { config } from '../config.server';
import { client } from './grpc.server';

const accounts = client(AccountsServiceService, config.ACCOUNTS_GRPC_ADDR);
/** Sign-in hashes a password (argon2id, tens of ms; more under load): a longer deadline. */
const KDF_DEADLINE = { deadlineMs: Math.max(config.SERVICE_DEADLINE_MS, 10_000) };

export interface ClientInfo {
  readonly ip: string;
  readonly userAgent: string;
}

export function clientInfo(request: Request, context?: { readonly clientIp?: unknown }): ClientInfo {
  const ip = typeof context?.clientIp === 'string' ? context.clientIp : '';
  return { ip: ip.slice(0, 64), userAgent: (request.headers.get('user-agent') ?? '').slice(0, 300) };
}

/** A sign-in: its session, or (two-step sign-in on, ADR 153) the challenge the app's code completes. */
export type SignInStep = { readonly token: string; readonly user: User } | { readonly challenge: string };

/** E-mail and password to a session or a challenge (throttled by accounts); errors are accounts' RpcErrors. */
export async function signIn(email: string, password: string, client: ClientInfo): Promise<SignInStep> {
  const answer = await accounts.login({ email, password, rememberMe: false, client }, KDF_DEADLINE);
  if (answer.twoStep?.token) return { challenge: answer.twoStep.token };
  if (!answer.session?.token || !answer.user) throw new Error('accounts answered a sign-in without a session');
  return { token: answer.session.token, user: answer.user };
}

/** The second step: a code from the app (or a recovery code) for a challenge, to a session. */
export async function completeSignIn(
  challenge: string,
  code: string,
  client: ClientInfo,
): Promise<{ token: string; user: User }> {
  const answer = await accounts.completeSignIn({ challengeToken: challenge, code, client });
  if (!answer.session?.token || !answer.user) throw new Error('accounts answered CompleteSignIn without a session');
  return { token: answer.session.token, user: answer.user };
}

/** The session's user, or null when the session ended (expired, logged out, user locked or deleted). */
export async function sessionUser(token: string): Promise<User | null> {
  if (!token) return null;
  try {
    return (await accounts.getSession({ sessionToken: token, touch: true })).user ?? null;
  } catch (error) {
    if (
      error instanceof RpcError &&
      (error.code === GrpcStatus.UNAUTHENTICATED || error.code === GrpcStatus.INVALID_ARGUMENT)
    )
      return null;
    throw error;
  }
}

export async function signOut(token: string): Promise<void> {
  if (token) await accounts.logout({ sessionToken: token, allSessions: false });
}

/**
 * A user as the signed-in staff user `viewerId` may see them: accounts gives the e-mail address
 * only to a staff:admin holder (or the user themself), empty otherwise.
 */
export async function userById(userId: string, viewerId: string): Promise<User | null> {
  try {
    return (await accounts.getUser({ userId }, { asUser: viewerId })).user ?? null;
  } catch (error) {
    if (error instanceof RpcError && error.code === GrpcStatus.NOT_FOUND) return null;
    throw error;
  }
}
