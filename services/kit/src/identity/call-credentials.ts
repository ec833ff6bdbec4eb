import { currentCaller, currentServerIdentity } from './caller.js';
import { SERVICE_TOKEN_HEADER, USER_FRONTS, USER_TOKEN_HEADER } from './principals.js';
import { processIdentity } from './process-identity.js';

const actorOf = (request: unknown): string => {
  const actor = (request as { actorUserId?: unknown } | null)?.actorUserId;
  return typeof actor === 'string' ? actor : '';
};

/**
 * The credentials of an outbound call (none in a process without an identity): this process's
 * service token, and the user token — passed on from the inbound call being handled, or, in a
 * user front, signed for the request's `actor_user_id` (or `asUser`), the user the front resolved
 * from the session. Inside a handler it signs as the server handling the call, in a service's
 * background work as that service (caller.ts): the process, or in a test platform the service
 * whose work runs (so the call graph applies to it as in production). `withoutUser`: the service
 * token alone.
 */
export async function callCredentials(
  request: unknown,
  options: { readonly asUser?: string; readonly withoutUser?: boolean } = {},
): Promise<[string, string][]> {
  const identity = currentServerIdentity() ?? processIdentity();
  if (!identity) return [];
  const credentials: [string, string][] = [[SERVICE_TOKEN_HEADER, `Bearer ${await identity.signer.serviceToken()}`]];
  if (options.withoutUser) return credentials;
  const inbound = currentCaller()?.userToken;
  const user = options.asUser || actorOf(request);
  if (inbound) credentials.push([USER_TOKEN_HEADER, inbound]);
  else if (user && USER_FRONTS.has(identity.signer.principal))
    credentials.push([USER_TOKEN_HEADER, await identity.signer.userToken(user)]);
  return credentials;
}
