import type { ClientInfo } from '@pc/proto/accounts/v1/types';
import { hashToken, newId, newSecretToken } from '../domain/secret-token.js';
import { sessionExpiry, type SessionRecord } from '../domain/session-record.js';
import type { SessionRepository } from '../store/session-repository.js';

export interface IssuedSession {
  readonly record: SessionRecord;
  /** The bearer token: returned once to the caller, never stored. */
  readonly token: string;
}

/** Creates sessions: a random token whose hash is the stored key. */
export class SessionIssuer {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly clock: () => Date,
  ) {}

  async issue(userId: string, remember: boolean, client: ClientInfo | undefined): Promise<IssuedSession> {
    const now = this.clock();
    const token = newSecretToken();
    const record: SessionRecord = {
      _id: hashToken(token),
      id: newId('s'),
      userId,
      remember,
      createdAt: now.toISOString(),
      lastSeenAt: now.toISOString(),
      expiresAt: sessionExpiry(remember, now),
      ip: (client?.ip ?? '').slice(0, 64),
      userAgent: (client?.userAgent ?? '').slice(0, 300),
    };
    await this.sessions.create(record);
    return { record, token };
  }
}
