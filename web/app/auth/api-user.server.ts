import type { User } from '@pc/proto/accounts/v1/types';
import { currentUser } from './current-user.server';

/** For JSON endpoints: the signed-in user, or a 401 (spec §8: the client treats it silently). */
export async function requireApiUser(request: Request): Promise<User> {
  const user = await currentUser(request);
  if (!user) throw Response.json({ message: 'Unauthenticated', error: 'Unauthenticated' }, { status: 401, headers: { 'Cache-Control': 'no-store' } });
  return user;
}
