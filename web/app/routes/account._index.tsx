import { AccountView, accountMeta } from '~/components/auth/AccountView';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { accountLoader } from '~/data/account-loader.server';

/** Sign-in required (spec §2.2, §2.5). */
export const loader = accountLoader('account.title');
export const meta = accountMeta;
export default AccountView;
export const ErrorBoundary = RouteErrorBoundary;
