import type { User } from '@pc/proto/accounts/v1/types';
import { sessionUser } from '~/services/accounts.server';
import { sessionToken } from './session-cookie.server';

/** The signed-in user of a request (from the httpOnly session cookie), or null for a visitor. */
export async function currentUser(request: Request): Promise<User | null> {
  return (await currentSession(request))?.user ?? null;
}

/** The user and the session's public id (ChangePassword keeps this session, ends the others). */
export async function currentSession(request: Request): Promise<{ user: User; sessionId: string } | null> {
  const token = sessionToken(request);
  const found = token ? await sessionUser(token) : null;
  return found?.user ? { user: found.user, sessionId: found.session?.id ?? '' } : null;
}
