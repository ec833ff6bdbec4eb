import { AccountsServiceService } from '@pc/proto/accounts/v1/accounts';
import { serviceRegistration, type ServiceRegistration } from '@pc/kit/grpc/service-types';
import { deleteAccount } from './account-deletion.js';
import { getComparePicks, setComparePicks } from './compare-picks.js';
import { undoEmailChange } from './email-change.js';
import type { AccountsDependencies } from './dependencies.js';
import { addFavourite, getFavouriteStatus, listFavourites, removeFavourite } from './favourite-items.js';
import {
  createFavouriteList,
  deleteFavouriteList,
  getFavouriteList,
  listFavouriteLists,
  updateFavouriteList,
  type FavouritesDependencies,
} from './favourite-lists.js';
import { endOtherSessions, endOwnSession, listOwnSessions } from './own-sessions.js';
import { changePassword, requestPasswordReset, resetPassword } from './passwords.js';
import { clearRecentlyViewed, listRecentlyViewed, recordRecentlyViewed } from './recently-viewed.js';
import { register } from './registration.js';
import { enableBusinessAccount, setUserRoles } from './roles.js';
import { completeSignIn } from './complete-sign-in.js';
import { getSession, login, logout } from './sign-in.js';
import {
  confirmTwoStepSetup,
  getTwoStep,
  renewRecoveryCodes,
  startTwoStepSetup,
  turnOffTwoStep,
} from './two-step-settings.js';
import { getUser, listUsers, updateUser } from './users.js';
import { resendVerification, verifyEmail } from './verification.js';

/** The accounts gRPC API (proto/accounts/v1): every RPC served. */
export function accountsService(deps: FavouritesDependencies): ServiceRegistration {
  const d: AccountsDependencies = deps;
  return serviceRegistration('pricecompare.accounts.v1.AccountsService', AccountsServiceService, {
    register: (request) => register(request, d),
    login: (request) => login(request, d),
    logout: (request) => logout(request, d),
    getSession: (request) => getSession(request, d),
    getUser: (request, context) => getUser(request, d, context.caller),
    listUsers: (request) => listUsers(request, d),
    updateUser: (request) => updateUser(request, d),
    undoEmailChange: (request) => undoEmailChange(request, d),
    changePassword: (request) => changePassword(request, d),
    setUserRoles: (request) => setUserRoles(request, d),
    enableBusinessAccount: (request) => enableBusinessAccount(request, d),
    requestPasswordReset: (request) => requestPasswordReset(request, d),
    resetPassword: (request) => resetPassword(request, d),
    verifyEmail: (request) => verifyEmail(request, d),
    resendVerification: (request) => resendVerification(request, d),
    deleteAccount: (request) => deleteAccount(request, d),
    listFavouriteLists: (request) => listFavouriteLists(request, deps),
    createFavouriteList: (request) => createFavouriteList(request, deps),
    updateFavouriteList: (request) => updateFavouriteList(request, deps),
    deleteFavouriteList: (request) => deleteFavouriteList(request, deps),
    getFavouriteList: (request) => getFavouriteList(request, deps),
    listFavourites: (request) => listFavourites(request, deps),
    addFavourite: (request) => addFavourite(request, deps),
    removeFavourite: (request) => removeFavourite(request, deps),
    getFavouriteStatus: (request) => getFavouriteStatus(request, deps),
    recordRecentlyViewed: (request) => recordRecentlyViewed(request, d),
    listRecentlyViewed: (request) => listRecentlyViewed(request, d),
    clearRecentlyViewed: (request) => clearRecentlyViewed(request, d),
    getComparePicks: (request) => getComparePicks(request, d),
    setComparePicks: (request) => setComparePicks(request, d),
    listOwnSessions: (request) => listOwnSessions(request, d),
    endOwnSession: (request) => endOwnSession(request, d),
    endOtherSessions: (request) => endOtherSessions(request, d),
    getTwoStep: (request) => getTwoStep(request, d),
    startTwoStepSetup: (request) => startTwoStepSetup(request, d),
    confirmTwoStepSetup: (request) => confirmTwoStepSetup(request, d),
    turnOffTwoStep: (request) => turnOffTwoStep(request, d),
    renewRecoveryCodes: (request) => renewRecoveryCodes(request, d),
    completeSignIn: (request) => completeSignIn(request, d),
  });
}
