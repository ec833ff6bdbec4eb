/** A signed-in session (collection `sessions`), keyed by the SHA-256 of its bearer token. */
export interface SessionRecord {
  /** hashToken(token): a session is found by its token in one primary-key read. */
  readonly _id: string;
  /** Public id (listing, revoking, ChangePassword's keep_session_id). */
  readonly id: string;
  readonly userId: string;
  readonly remember: boolean;
  readonly createdAt: string;
  readonly lastSeenAt: string;
  readonly expiresAt: string;
  readonly ip: string;
  readonly userAgent: string;
}

/** Proto types.proto: "the session lasts 30 days instead of ending 2 hours after the last use". */
export const SESSION_IDLE_MS = 2 * 3_600_000;
export const REMEMBERED_SESSION_MS = 30 * 86_400_000;

/** When a session used at `now` expires. */
export const sessionExpiry = (remember: boolean, now: Date): string =>
  new Date(now.getTime() + (remember ? REMEMBERED_SESSION_MS : SESSION_IDLE_MS)).toISOString();

export const isExpired = (session: SessionRecord, now: Date): boolean => session.expiresAt <= now.toISOString();
