import { AccountsStaffServiceService } from '@pc/proto/accounts/v1/staff';
import { serviceRegistration, type ServiceRegistration } from '@pc/kit/grpc/service-types';
import { deleteUser, lockUser, unlockUser, verifyUserEmail } from './staff-locks.js';
import { endUserSessions, listUserSessions } from './staff-sessions.js';
import { turnOffUserTwoStep } from './staff-two-step.js';
import { grantStaffRole, revokeStaffRole } from './staff-roles.js';
import type { StaffDependencies } from './staff-dependencies.js';
import { searchStaffUsers } from './staff-users.js';

/** pricecompare.accounts.v1.AccountsStaffService: the admin panel's user management (staff:admin). */
export function accountsStaffService(deps: StaffDependencies): ServiceRegistration {
  return serviceRegistration('pricecompare.accounts.v1.AccountsStaffService', AccountsStaffServiceService, {
    searchUsers: (request) => searchStaffUsers(request, deps),
    grantStaffRole: (request) => grantStaffRole(request, deps),
    revokeStaffRole: (request) => revokeStaffRole(request, deps),
    lockUser: (request) => lockUser(request, deps),
    unlockUser: (request) => unlockUser(request, deps),
    listUserSessions: (request) => listUserSessions(request, deps),
    endUserSessions: (request) => endUserSessions(request, deps),
    verifyUserEmail: (request) => verifyUserEmail(request, deps),
    deleteUser: (request) => deleteUser(request, deps),
    turnOffUserTwoStep: (request) => turnOffUserTwoStep(request, deps),
  });
}
