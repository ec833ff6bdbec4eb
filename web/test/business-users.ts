import { createServiceClient } from '@pc/kit/grpc/client';
import { AccountsServiceService } from '@pc/proto/accounts/v1/accounts';
import { AccountType } from '@pc/proto/accounts/v1/types';
import type { Platform } from './platform-harness';

/**
 * Registers a business account (only those register shops) through accounts, as the register
 * page does, with the password `secret-pass`; answers its user id.
 */
export async function registerBusinessUser(platform: Platform, email: string, name: string): Promise<string> {
  const accounts = createServiceClient(AccountsServiceService, platform.addresses.accounts);
  const answer = await accounts.register({
    name,
    email,
    password: 'secret-pass',
    passwordConfirmation: 'secret-pass',
    phone: '',
    accountType: AccountType.ACCOUNT_TYPE_BUSINESS,
    company: `${name} GmbH`,
    termsAccepted: true,
    language: 'en',
    rememberMe: false,
    client: undefined,
  });
  return answer.user?.id ?? '';
}
