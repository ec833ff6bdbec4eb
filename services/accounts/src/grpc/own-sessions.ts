import type {
  EndOtherSessionsRequest,
  EndOtherSessionsResponse,
  EndOwnSessionRequest,
  EndOwnSessionResponse,
  ListOwnSessionsRequest,
  ListOwnSessionsResponse,
  OwnSession,
} from '@pc/proto/accounts/v1/accounts';
import { NotFoundError } from '@pc/kit/errors/domain-errors';
import { isExpired } from '../domain/session-record.js';
import { FieldChecks } from '../domain/field-checks.js';
import type { SessionRepository } from '../store/session-repository.js';
import type { UserRepository } from '../store/user-repository.js';
import { requireActor } from './actor.js';
import { sessionMessage } from './messages.js';

/** What the own-sessions handlers work with. */
export interface OwnSessionsDependencies {
  readonly users: UserRepository;
  readonly sessions: SessionRepository;
  readonly clock: () => Date;
}

/** More than any person signs in from; an account past it is listed by its most recent uses. */
const LISTED_MAX = 100;

/** A user's unexpired sessions, the most recently used first, `currentSessionId`'s marked (ADR 149). */
export async function liveSessions(
  deps: Pick<OwnSessionsDependencies, 'sessions' | 'clock'>,
  userId: string,
  currentSessionId = '',
): Promise<OwnSession[]> {
  const now = deps.clock();
  const live = (await deps.sessions.forUser(userId)).filter((session) => !isExpired(session, now));
  live.sort((a, b) => b.lastSeenAt.localeCompare(a.lastSeenAt) || b.createdAt.localeCompare(a.createdAt));
  return live.slice(0, LISTED_MAX).map((session) => ({
    session: sessionMessage(session),
    userAgent: session.userAgent,
    ip: session.ip,
    current: currentSessionId !== '' && session.id === currentSessionId,
  }));
}

/** The actor's own sessions. */
export async function listOwnSessions(
  request: ListOwnSessionsRequest,
  deps: OwnSessionsDependencies,
): Promise<ListOwnSessionsResponse> {
  const actor = await requireActor(deps.users, request.actorUserId);
  return { sessions: await liveSessions(deps, actor._id, request.currentSessionId) };
}

/** Ends one of the actor's sessions; another user's session is NOT_FOUND, as an unknown one. */
export async function endOwnSession(
  request: EndOwnSessionRequest,
  deps: OwnSessionsDependencies,
): Promise<EndOwnSessionResponse> {
  const actor = await requireActor(deps.users, request.actorUserId);
  const checks = new FieldChecks();
  const id = checks.id('session_id', request.sessionId);
  checks.done();
  if (!(await deps.sessions.deleteOfUser(actor._id, id))) throw new NotFoundError('session', id);
  return {};
}

/** Ends every session of the actor's but the caller's own ("sign out everywhere else"). */
export async function endOtherSessions(
  request: EndOtherSessionsRequest,
  deps: OwnSessionsDependencies,
): Promise<EndOtherSessionsResponse> {
  const actor = await requireActor(deps.users, request.actorUserId);
  const checks = new FieldChecks();
  const keep = checks.id('keep_session_id', request.keepSessionId);
  checks.done();
  return { ended: await deps.sessions.deleteForUser(actor._id, keep) };
}
