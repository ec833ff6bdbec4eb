import type { User } from '@pc/proto/accounts/v1/types';
import { sessionUser } from '~/services/accounts.server';
import { sessionToken } from './session-cookie.server';

/** The signed-in user of a request (from the httpOnly session cookie), or null for a visitor. */
export async function currentUser(request: Request): Promise<User | null> {
  const token = sessionToken(request);
  if (!token) return null;
  return (await sessionUser(token))?.user ?? null;
}
