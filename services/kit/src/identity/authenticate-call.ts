import type { Metadata } from '@grpc/grpc-js';
import { PermissionDeniedError, UnauthenticatedError } from '../errors/domain-errors.js';
import { calleeOf, mayCall } from './call-graph.js';
import type { Caller } from './caller.js';
import { SERVICE_TOKEN_HEADER, USER_FRONTS, USER_TOKEN_HEADER } from './principals.js';
import type { ProcessIdentity } from './process-identity.js';

const textOf = (metadata: Metadata, key: string): string | undefined => {
  const value = metadata.get(key)[0];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

async function verifiedOrUnauthenticated<T>(verify: Promise<T>, what: string, reason: string): Promise<T> {
  try {
    return await verify;
  } catch (error) {
    throw new UnauthenticatedError(`the call's ${what} is not valid: ${(error as Error).message}`, { reason });
  }
}

/**
 * Who makes an inbound call, verified: the service token (metadata `authorization: Bearer …`)
 * names the calling principal, which the call graph must allow to call this method; the user
 * token (metadata `x-pc-user-token`), signed by a user front, names the signed-in user. The
 * request's `actor_user_id` is identity only through the token: one that names another user is
 * refused, an empty one is filled in with the verified user, so handlers read the verified user
 * wherever they read the actor.
 * No or a bad token → UNAUTHENTICATED; a caller the graph does not allow, or a forged actor →
 * PERMISSION_DENIED.
 */
export async function authenticateCall(
  identity: ProcessIdentity,
  metadata: Metadata,
  methodPath: string,
  request: unknown,
): Promise<Caller> {
  const bearer = textOf(metadata, SERVICE_TOKEN_HEADER);
  if (!bearer?.startsWith('Bearer '))
    throw new UnauthenticatedError('the call carries no service token', { reason: 'SERVICE_TOKEN_MISSING' });
  const service = await verifiedOrUnauthenticated(
    identity.verifier.verify(bearer.slice('Bearer '.length), 'service'),
    'service token',
    'SERVICE_TOKEN_INVALID',
  );
  const principal = service.issuer;
  if (!mayCall(principal, methodPath, identity.graph)) {
    const [, method] = calleeOf(methodPath);
    throw new PermissionDeniedError(`${principal} may not call ${method}`, {
      reason: 'CALLER_NOT_ALLOWED',
      metadata: { caller: principal, method },
    });
  }

  const userToken = textOf(metadata, USER_TOKEN_HEADER);
  let userId = '';
  if (userToken) {
    const user = await verifiedOrUnauthenticated(
      identity.verifier.verify(userToken, 'user'),
      'user token',
      'USER_TOKEN_INVALID',
    );
    if (!USER_FRONTS.has(user.issuer))
      throw new UnauthenticatedError(`${user.issuer} does not sign user tokens`, { reason: 'USER_TOKEN_INVALID' });
    userId = user.subject;
  }

  const fields = request as { actorUserId?: unknown } | null;
  if (fields && typeof fields.actorUserId === 'string') {
    if (fields.actorUserId !== '' && fields.actorUserId !== userId)
      throw new PermissionDeniedError('actor_user_id is not the signed-in user of the call', {
        reason: 'ACTOR_MISMATCH',
      });
    fields.actorUserId = userId;
  }
  return { principal, userId, userToken };
}
