import { status as GrpcStatus } from '@grpc/grpc-js';
import type { GetUserRequest, GetUserResponse } from '@pc/proto/accounts/v1/accounts';
import { UnauthenticatedError } from '@pc/kit/errors/domain-errors';
import { RpcError } from '@pc/kit/errors/grpc-errors';

/** The one accounts call a role check makes (the kit's accounts client satisfies it). */
export interface GetUserCall {
  getUser(request: GetUserRequest): Promise<GetUserResponse>;
}

/** Far more admins and recent signed-in actors than a minute brings; bounds memory if ids are spammed. */
const MAX_CACHED = 10_000;

/**
 * Whether a user is an admin, from accounts.GetUser, remembered for a minute (pages of signed-in
 * visitors must not cost an accounts call each). An unknown user is UNAUTHENTICATED; an accounts
 * that does not serve GetUser knows no admins; accounts being down fails the call (UNAVAILABLE),
 * never grants.
 */
export class AccountRoles {
  private readonly admins = new Map<string, { admin: boolean; until: number }>();

  constructor(
    private readonly accounts: GetUserCall,
    private readonly ttlMs = 60_000,
  ) {}

  async isAdmin(userId: string): Promise<boolean> {
    const cached = this.admins.get(userId);
    if (cached && cached.until > Date.now()) return cached.admin;
    let admin: boolean;
    try {
      const { user } = await this.accounts.getUser({ userId });
      admin = user?.isAdmin ?? false;
    } catch (error) {
      if (error instanceof RpcError && error.code === GrpcStatus.NOT_FOUND) throw new UnauthenticatedError('unknown actor_user_id', { cause: error });
      if (!(error instanceof RpcError && error.code === GrpcStatus.UNIMPLEMENTED)) throw error;
      admin = false;
    }
    if (this.admins.size >= MAX_CACHED) this.admins.clear();
    this.admins.set(userId, { admin, until: Date.now() + this.ttlMs });
    return admin;
  }
}
