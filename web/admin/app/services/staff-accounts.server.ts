import { browserName } from '@pc/kit/client-info/browser-name';
import { AccountsStaffServiceService, UserOrder } from '@pc/proto/accounts/v1/staff';
import { AdminPanel, type User } from '@pc/proto/accounts/v1/types';
import { panelEnum, panelsOf } from '../auth/panel-roles.server';
import { config } from '../config.server';
import { isStaffPanel, type StaffPanel } from '../panels/panels';
import type { TablePage, TableQuery } from '../tables/table-query';
import { client } from './grpc.server';
import { pageRequest, tablePage } from '../tables/table-page';

const staff = client(AccountsStaffServiceService, config.ACCOUNTS_GRPC_ADDR);

/** A user as the admin panel shows it. */
export interface UserRow {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly roles: StaffPanel[];
  readonly business: boolean;
  readonly verified: boolean;
  readonly locked: boolean;
  readonly lockedReason: string;
  readonly createdAt: string;
  /** Since when sign-ins ask for the app's code (ADR 153); '' while off. */
  readonly twoStepOnSince: string;
}

export const userRow = (user: User): UserRow => ({
  id: user.id,
  name: user.name,
  email: user.email,
  roles: panelsOf(user),
  business: user.isBusiness,
  verified: user.emailVerified,
  locked: user.lockedAt !== undefined,
  lockedReason: user.lockedReason,
  createdAt: user.createdAt?.toISOString() ?? '',
  twoStepOnSince: user.twoStepOnSince?.toISOString() ?? '',
});

export const USER_SORTS = ['created', 'email', 'name'] as const;

function order(query: TableQuery): UserOrder {
  if (query.sort === 'email') return UserOrder.USER_ORDER_EMAIL;
  if (query.sort === 'name') return UserOrder.USER_ORDER_NAME;
  return query.dir === 'asc' ? UserOrder.USER_ORDER_OLDEST : UserOrder.USER_ORDER_NEWEST;
}

/** The user table: the text, role, lock, verification and business filters of the URL. */
export async function userTable(actorUserId: string, query: TableQuery): Promise<TablePage<UserRow>> {
  const role = query.filters.role ?? '';
  const answer = await staff.searchUsers({
    actorUserId,
    query: (query.filters.q ?? '').trim(),
    panel: isStaffPanel(role) ? panelEnum(role) : AdminPanel.ADMIN_PANEL_UNSPECIFIED,
    lockedOnly: query.filters.locked === '1',
    unverifiedOnly: query.filters.unverified === '1',
    businessOnly: query.filters.business === '1',
    order: order(query),
    page: pageRequest(query),
  });
  return tablePage(answer.users.map(userRow), answer.page, query);
}

export const grantRole = (actorUserId: string, userId: string, panel: StaffPanel) =>
  staff.grantStaffRole({ actorUserId, userId, panel: panelEnum(panel) });
export const revokeRole = (actorUserId: string, userId: string, panel: StaffPanel) =>
  staff.revokeStaffRole({ actorUserId, userId, panel: panelEnum(panel) });
export const lockUser = (actorUserId: string, userId: string, reason: string) =>
  staff.lockUser({ actorUserId, userId, reason });
export const unlockUser = (actorUserId: string, userId: string) => staff.unlockUser({ actorUserId, userId });
export const verifyUserEmail = (actorUserId: string, userId: string) => staff.verifyUserEmail({ actorUserId, userId });
export const deleteUser = (actorUserId: string, userId: string) => staff.deleteUser({ actorUserId, userId });

/** A signed-in browser of a user, as the user page lists it (ADR 149): never a token. */
export interface SessionRow {
  readonly id: string;
  readonly browser: string;
  readonly system: string;
  readonly ip: string;
  readonly signedInAt: string;
  readonly lastActiveAt: string;
  readonly remembered: boolean;
}

export async function userSessions(actorUserId: string, userId: string): Promise<SessionRow[]> {
  const { sessions } = await staff.listUserSessions({ actorUserId, userId });
  return sessions.map((own) => ({
    id: own.session?.id ?? '',
    ...browserName(own.userAgent),
    ip: own.ip,
    signedInAt: own.session?.createdAt?.toISOString() ?? '',
    lastActiveAt: own.session?.lastSeenAt?.toISOString() ?? '',
    remembered: own.session?.remember ?? false,
  }));
}

export const endUserSessions = async (actorUserId: string, userId: string, reason: string) =>
  (await staff.endUserSessions({ actorUserId, userId, reason })).sessionsEnded;
/** Turns a user's two-step sign-in off for support (ADR 153): sessions end, the user is mailed, audited. */
export const turnOffUserTwoStep = async (actorUserId: string, userId: string, reason: string) =>
  (await staff.turnOffUserTwoStep({ actorUserId, userId, reason })).wasOn;
