import { status as GrpcStatus } from '@grpc/grpc-js';
import type { GetUserRequest, GetUserResponse } from '@pc/proto/accounts/v1/accounts';
import type { User } from '@pc/proto/accounts/v1/types';
import { RpcError } from '@pc/kit/errors/grpc-errors';

/** The one accounts call a user lookup makes (the kit's accounts client satisfies it). */
export interface GetUserCall {
  getUser(request: GetUserRequest): Promise<GetUserResponse>;
}

const MAX_CACHED = 10_000;

/**
 * Users as accounts.GetUser tells them (roles, e-mail, language), remembered for `ttlMs`: null
 * for an unknown or deleted user (and the empty id). accounts being down fails the call — an RPC
 * answers UNAVAILABLE, an event handler is retried — and never grants anything.
 */
export class UserDirectory {
  private readonly known = new Map<string, { user: User | null; until: number }>();

  constructor(
    private readonly accounts: GetUserCall,
    private readonly ttlMs = 30_000,
  ) {}

  async find(userId: string): Promise<User | null> {
    if (!userId) return null;
    const cached = this.known.get(userId);
    if (cached && cached.until > Date.now()) return cached.user;
    let user: User | null;
    try {
      user = (await this.accounts.getUser({ userId })).user ?? null;
    } catch (error) {
      if (!(error instanceof RpcError && error.code === GrpcStatus.NOT_FOUND)) throw error;
      user = null;
    }
    if (this.known.size >= MAX_CACHED) this.known.clear();
    this.known.set(userId, { user, until: Date.now() + this.ttlMs });
    return user;
  }
}
