import { status as GrpcStatus } from '@grpc/grpc-js';
import type { GetUserRequest, GetUserResponse } from '@pc/proto/accounts/v1/accounts';
import { UnauthenticatedError } from '@pc/kit/errors/domain-errors';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { panelOf, type StaffPanel } from './staff-panels.js';

/** The one accounts call a role check makes (the kit's accounts client satisfies it). */
export interface GetUserCall {
  getUser(request: GetUserRequest): Promise<GetUserResponse>;
}

/** What a role check needs to know about a user. */
export interface UserRoles {
  /** The site's admin flag (masthead link, edit links; spec §6). */
  readonly admin: boolean;
  /** Staff panels the user holds a role in (only with `admin`). */
  readonly panels: ReadonlySet<StaffPanel>;
}

const NO_ROLES: UserRoles = { admin: false, panels: new Set() };

/** Far more admins and recent signed-in actors than a minute brings; bounds memory if ids are spammed. */
const MAX_CACHED = 10_000;

/**
 * A user's roles, from accounts.GetUser, remembered for a minute (pages of signed-in visitors
 * must not cost an accounts call each; a revoked role therefore ends within a minute). An unknown
 * user is UNAUTHENTICATED; an accounts that does not serve GetUser knows no roles; accounts being
 * down fails the call (UNAVAILABLE), never grants.
 */
export class AccountRoles {
  private readonly cache = new Map<string, { roles: UserRoles; until: number }>();

  constructor(
    private readonly accounts: GetUserCall,
    private readonly ttlMs = 60_000,
  ) {}

  async isAdmin(userId: string): Promise<boolean> {
    return (await this.of(userId)).admin;
  }

  async of(userId: string): Promise<UserRoles> {
    const cached = this.cache.get(userId);
    if (cached && cached.until > Date.now()) return cached.roles;
    let roles: UserRoles;
    try {
      const { user } = await this.accounts.getUser({ userId });
      const admin = user?.isAdmin ?? false;
      const panels = admin
        ? (user?.adminPanels ?? []).map(panelOf).filter((panel): panel is StaffPanel => panel !== null)
        : [];
      roles = { admin, panels: new Set(panels) };
    } catch (error) {
      if (error instanceof RpcError && error.code === GrpcStatus.NOT_FOUND)
        throw new UnauthenticatedError('unknown actor_user_id', { cause: error });
      if (!(error instanceof RpcError && error.code === GrpcStatus.UNIMPLEMENTED)) throw error;
      roles = NO_ROLES;
    }
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    this.cache.set(userId, { roles, until: Date.now() + this.ttlMs });
    return roles;
  }
}
