import { status as GrpcStatus } from '@grpc/grpc-js';
import type { GetUserRequest, GetUserResponse } from '@pc/proto/accounts/v1/accounts';
import { PermissionDeniedError, UnauthenticatedError } from '@pc/kit/errors/domain-errors';
import { RpcError } from '@pc/kit/errors/grpc-errors';

/** The one accounts call notifications makes (the kit's client satisfies it). */
export interface GetUserCall {
  getUser(request: GetUserRequest): Promise<GetUserResponse>;
}

export interface KnownUser {
  readonly id: string;
  readonly isAdmin: boolean;
  readonly email: string;
  readonly emailVerified: boolean;
  readonly language: string;
}

const MAX_CACHED = 10_000;

/**
 * Who a user is, from accounts.GetUser, remembered for a minute: an actor must exist
 * (UNAUTHENTICATED otherwise), admins may read others' notifications, and e-mail alerts need
 * the address. accounts being down fails the call (UNAVAILABLE), never grants anything.
 */
export class AccountDirectory {
  private readonly known = new Map<string, { user: KnownUser | null; until: number }>();

  constructor(
    private readonly accounts: GetUserCall,
    private readonly ttlMs = 60_000,
  ) {}

  async find(userId: string): Promise<KnownUser | null> {
    const cached = this.known.get(userId);
    if (cached && cached.until > Date.now()) return cached.user;
    let user: KnownUser | null;
    try {
      const found = (await this.accounts.getUser({ userId })).user;
      user = found
        ? {
            id: found.id,
            isAdmin: found.isAdmin,
            email: found.email,
            emailVerified: found.emailVerified,
            language: found.language,
          }
        : null;
    } catch (error) {
      if (!(error instanceof RpcError && error.code === GrpcStatus.NOT_FOUND)) throw error;
      user = null;
    }
    if (this.known.size >= MAX_CACHED) this.known.clear();
    this.known.set(userId, { user, until: Date.now() + this.ttlMs });
    return user;
  }

  /** The signed-in actor of an alert call: required and known. */
  async requireActor(actorUserId: string): Promise<KnownUser> {
    const user = actorUserId ? await this.find(actorUserId) : null;
    if (!user) throw new UnauthenticatedError('sign in first', { reason: 'UNAUTHENTICATED' });
    return user;
  }

  async requireAdmin(actorUserId: string): Promise<KnownUser> {
    const actor = await this.requireActor(actorUserId);
    if (!actor.isAdmin) throw new PermissionDeniedError('this needs the admin role');
    return actor;
  }

  /** Forget a user at once (AccountDeleted). */
  forget(userId: string): void {
    this.known.delete(userId);
  }
}
