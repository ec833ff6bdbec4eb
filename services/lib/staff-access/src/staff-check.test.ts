import { status as GrpcStatus } from '@grpc/grpc-js';
import type { GetUserResponse } from '@pc/proto/accounts/v1/accounts';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { AccountRoles, type GetUserCall } from './account-roles.js';
import { StaffCheck } from './staff-check.js';

/** accounts.GetUser as a table: id → is_admin, or the status it fails with. */
function accountsAnswering(users: Record<string, boolean | GrpcStatus>): GetUserCall & { calls: number } {
  const call = {
    calls: 0,
    getUser: async ({ userId }: { userId: string }): Promise<GetUserResponse> => {
      call.calls += 1;
      const answer = users[userId] ?? GrpcStatus.NOT_FOUND;
      if (typeof answer !== 'boolean') throw new RpcError(answer, 'refused');
      return { user: { isAdmin: answer } as GetUserResponse['user'] };
    },
  };
  return call;
}

describe('StaffCheck (the staff rule of admin writes)', () => {
  it('lets the empty (internal) actor and admins through, refuses others by their status', async () => {
    const staff = new StaffCheck(new AccountRoles(accountsAnswering({ ada: true, bob: false })));
    await expect(staff.require('', 'merging products')).resolves.toBeUndefined();
    await expect(staff.require('ada', 'merging products')).resolves.toBeUndefined();
    await expect(staff.require('bob', 'merging products')).rejects.toMatchObject({ kind: 'permission_denied', message: 'merging products needs the admin role' });
    await expect(staff.require('ghost', 'merging products')).rejects.toMatchObject({ kind: 'unauthenticated' });
    expect(await staff.isAdmin('')).toBe(false);
  });

  it('remembers a role for its time to live, and never grants while accounts is down', async () => {
    const accounts = accountsAnswering({ ada: true, down: GrpcStatus.UNAVAILABLE, old: GrpcStatus.UNIMPLEMENTED });
    const roles = new AccountRoles(accounts, 60_000);
    await roles.isAdmin('ada');
    await roles.isAdmin('ada');
    expect(accounts.calls).toBe(1);
    await expect(roles.isAdmin('down')).rejects.toMatchObject({ code: GrpcStatus.UNAVAILABLE });
    // An accounts without GetUser knows no admins.
    expect(await roles.isAdmin('old')).toBe(false);
  });
});
