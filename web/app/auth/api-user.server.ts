import type { User } from '@pc/proto/accounts/v1/types';
import { currentSession } from './current-user.server';

const unauthenticated = () =>
  Response.json(
    { message: 'Unauthenticated', error: 'Unauthenticated' },
    { status: 401, headers: { 'Cache-Control': 'no-store' } },
  );

/** For JSON endpoints: the signed-in user and session, or a 401 (spec §8: the client treats it silently). */
export async function requireApiSession(request: Request): Promise<{ user: User; sessionId: string }> {
  const session = await currentSession(request);
  if (!session) throw unauthenticated();
  return session;
}

export async function requireApiUser(request: Request): Promise<User> {
  return (await requireApiSession(request)).user;
}
