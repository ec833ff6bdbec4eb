import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { clientInfo, completeSignIn } from '~/services/accounts.server';
import { startedSession, type LoadContext, type SignedIn } from './sign-in.server';
import { challengeToken, clearedChallengeCookie } from './two-step-cookie.server';

/** Accounts' reason for a challenge that is unknown, used, expired or ended by wrong codes: sign in again. */
export const CHALLENGE_EXPIRED = 'CHALLENGE_EXPIRED';

/** A sign-in after its second step; `recoveryCodesLeft` when a recovery code stood in for the app's. */
export interface TwoStepSignedIn extends SignedIn {
  readonly recoveryCodesLeft: number | null;
}

/** The challenge is over: expired or unknown, or the wrong code just now was its last attempt. */
export const challengeEnded = (error: unknown): boolean =>
  error instanceof RpcError &&
  (error.reason === CHALLENGE_EXPIRED || (error.reason === 'INVALID_CODE' && error.metadata.attempts_left === '0'));

/**
 * The second step (the code page and POST auth/two-step alike): the challenge of the cookie and
 * the code to accounts, then the session as the first step would have started it (cookies,
 * recently viewed merged), the challenge's cookie cleared. No cookie is what accounts says of an
 * unknown challenge: CHALLENGE_EXPIRED, without asking it.
 */
export async function completeTwoStep(request: Request, context: LoadContext, code: string): Promise<TwoStepSignedIn> {
  const token = challengeToken(request);
  // Accounts' tokens are far shorter; a longer cookie is none of ours.
  if (!token || token.length > 200)
    throw new RpcError(GrpcStatus.UNAUTHENTICATED, 'sign in again', [], undefined, CHALLENGE_EXPIRED);
  const answer = await completeSignIn(token, code, clientInfo(request, context));
  if (!answer.user || !answer.session) throw new Error('accounts answered CompleteSignIn without user or session');
  const signedIn = await startedSession(request, answer.user, answer.session, answer.session.remember);
  return {
    ...signedIn,
    setCookies: [...signedIn.setCookies, clearedChallengeCookie(request)],
    recoveryCodesLeft: answer.recoveryCodeUsed ? answer.recoveryCodesLeft : null,
  };
}
