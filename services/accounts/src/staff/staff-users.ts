import type { SearchUsersRequest, SearchUsersResponse } from '@pc/proto/accounts/v1/staff';
import { UserOrder } from '@pc/proto/accounts/v1/staff';
import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { pageResponse, resolvePage } from '@pc/kit/paging/page';
import type { Filter } from '@pc/kit/ports/document-store';
import { userMessage } from '../grpc/messages.js';
import { searchUsers, type UserQuery } from '../grpc/user-search.js';
import type { StaffDependencies } from './staff-dependencies.js';
import { requestedPanel } from './staff-view.js';

const ORDERS: Readonly<Record<UserOrder, NonNullable<UserQuery['order']>>> = {
  [UserOrder.USER_ORDER_UNSPECIFIED]: { field: 'createdAt', direction: -1 },
  [UserOrder.USER_ORDER_NEWEST]: { field: 'createdAt', direction: -1 },
  [UserOrder.USER_ORDER_OLDEST]: { field: 'createdAt', direction: 1 },
  [UserOrder.USER_ORDER_EMAIL]: { field: 'email', direction: 1 },
  [UserOrder.USER_ORDER_NAME]: { field: 'name', direction: 1 },
};

/** The admin panel's user table: text, role, lock, verification and business filters, an order, a page. */
export async function searchStaffUsers(
  request: SearchUsersRequest,
  deps: StaffDependencies,
): Promise<SearchUsersResponse> {
  const page = resolvePage(request.page, { defaultSize: 20, maxSize: 100 });
  const filter: Record<string, unknown> = {};
  if (request.panel !== AdminPanel.ADMIN_PANEL_UNSPECIFIED)
    Object.assign(filter, { isAdmin: true, adminPanels: requestedPanel(request.panel) });
  if (request.lockedOnly) filter.lockedAt = { $gt: '' };
  if (request.unverifiedOnly) filter.emailVerifiedAt = null;
  await deps.staff.require(request.actorUserId, 'searching users');
  const { users, total } = await searchUsers(
    deps.users,
    {
      query: request.query,
      adminsOnly: false,
      businessOnly: request.businessOnly,
      filter: filter as Filter,
      order: ORDERS[request.order] ?? ORDERS[UserOrder.USER_ORDER_NEWEST],
    },
    page,
  );
  return { users: users.map(userMessage), page: pageResponse(page, total) };
}
