import { status as GrpcStatus } from '@grpc/grpc-js';
import type { GetUserRequest, GetUserResponse } from '@pc/proto/accounts/v1/accounts';
import { NotFoundError, PermissionDeniedError, UnauthenticatedError } from '@pc/kit/errors/domain-errors';
import { RpcError } from '@pc/kit/errors/grpc-errors';

/** The one accounts call billing makes (the kit's client satisfies it). */
export interface GetUserCall {
  getUser(request: GetUserRequest): Promise<GetUserResponse>;
}

export interface Actor {
  readonly id: string;
  readonly isAdmin: boolean;
  readonly isBusiness: boolean;
  readonly email: string;
  readonly name: string;
  readonly language: string;
}

const MAX_CACHED = 10_000;

/**
 * Who calls, from accounts.GetUser (remembered for half a minute): the actor must exist
 * (UNAUTHENTICATED) and hold a business account or the admin role (PERMISSION_DENIED). A call
 * about another user's billing needs an admin. accounts being down fails the call, never grants.
 */
export class Actors {
  private readonly known = new Map<string, { actor: Actor | null; until: number }>();

  constructor(
    private readonly accounts: GetUserCall,
    private readonly ttlMs = 30_000,
  ) {}

  private async find(userId: string): Promise<Actor | null> {
    const cached = this.known.get(userId);
    if (cached && cached.until > Date.now()) return cached.actor;
    let actor: Actor | null;
    try {
      const user = (await this.accounts.getUser({ userId })).user;
      actor = user
        ? {
            id: user.id,
            isAdmin: user.isAdmin,
            isBusiness: user.isBusiness,
            email: user.email,
            name: user.name,
            language: user.language,
          }
        : null;
    } catch (error) {
      if (!(error instanceof RpcError && error.code === GrpcStatus.NOT_FOUND)) throw error;
      actor = null;
    }
    if (this.known.size >= MAX_CACHED) this.known.clear();
    this.known.set(userId, { actor, until: Date.now() + this.ttlMs });
    return actor;
  }

  /** A signed-in business user (or an admin). */
  async requireBusiness(actorUserId: string): Promise<Actor> {
    const actor = actorUserId ? await this.find(actorUserId) : null;
    if (!actor) throw new UnauthenticatedError('sign in first', { reason: 'UNAUTHENTICATED' });
    if (!actor.isBusiness && !actor.isAdmin)
      throw new PermissionDeniedError('billing needs a business account', { reason: 'NOT_BUSINESS_ACCOUNT' });
    return actor;
  }

  /** The account a read addresses: the actor's own, or another's for an admin. */
  async target(actor: Actor, userId: string): Promise<string> {
    if (!userId || userId === actor.id) return actor.id;
    if (!actor.isAdmin) throw new PermissionDeniedError('only an admin may read another account’s billing');
    if (!(await this.find(userId))) throw new NotFoundError('user', userId);
    return userId;
  }
}
