import { status as GrpcStatus } from '@grpc/grpc-js';
import type { GetUserResponse } from '@pc/proto/accounts/v1/accounts';
import { AdminPanel } from '@pc/proto/accounts/v1/types';
import { RpcError } from '@pc/kit/errors/grpc-errors';
import { runAsCaller } from '@pc/kit/identity/caller';
import { useNoIdentity, useTestIdentity } from '@pc/kit/identity/testing/test-identity';
import { AccountRoles, type GetUserCall } from './account-roles.js';
import { StaffCheck } from './staff-check.js';

type Answer = { admin: boolean; panels?: AdminPanel[] } | GrpcStatus;

/** accounts.GetUser as a table: id → is_admin and panels, or the status it fails with. */
function accountsAnswering(users: Record<string, Answer>): GetUserCall & { calls: number } {
  const call = {
    calls: 0,
    getUser: async ({ userId }: { userId: string }): Promise<GetUserResponse> => {
      call.calls += 1;
      const answer = users[userId] ?? GrpcStatus.NOT_FOUND;
      if (typeof answer !== 'object') throw new RpcError(answer, 'refused');
      return {
        user: { isAdmin: answer.admin, adminPanels: answer.panels ?? [] } as unknown as GetUserResponse['user'],
      };
    },
  };
  return call;
}

describe('StaffCheck (the staff rule of staff RPCs)', () => {
  const users = {
    shopper: { admin: true, panels: [AdminPanel.ADMIN_PANEL_SHOPPING] },
    crawlerOnly: { admin: true, panels: [AdminPanel.ADMIN_PANEL_CRAWLER] },
    // A panel listed without the admin flag grants nothing (accounts keeps them together).
    panelsNoAdmin: { admin: false, panels: [AdminPanel.ADMIN_PANEL_SHOPPING] },
    siteAdmin: { admin: true },
    member: { admin: false },
  };

  describe('without a signed-in user', () => {
    useTestIdentity('ops');
    const staff = new StaffCheck(new AccountRoles(accountsAnswering(users)), 'shopping');
    const as = (principal: string) => (work: () => Promise<void>) =>
      runAsCaller({ principal, userId: '', userToken: undefined }, work);

    it('lets a service through that the call graph granted the RPC (none is granted one today)', async () => {
      await expect(as('offers')(() => staff.require('', 'editing a product'))).resolves.toBeUndefined();
    });

    it('never makes the site, the admin app, an ops tool or the seed staff on its own', async () => {
      for (const front of ['web', 'admin', 'ops', 'seed'])
        await expect(as(front)(() => staff.require('', 'editing a product'))).rejects.toMatchObject({
          reason: 'STAFF_ROLE_REQUIRED',
        });
    });

    it('refuses outside a verified call', async () => {
      await expect(staff.require('', 'editing a product')).rejects.toMatchObject({ reason: 'STAFF_ROLE_REQUIRED' });
    });
  });

  describe('in a process that verifies no callers (no identity at all)', () => {
    useNoIdentity();

    it('lets the empty actor through: nothing tells it from an internal caller', async () => {
      const staff = new StaffCheck(new AccountRoles(accountsAnswering(users)), 'shopping');
      await expect(staff.require('', 'merging products')).resolves.toBeUndefined();
    });
  });

  it('lets holders of the panel role through, refuses others by their status', async () => {
    const staff = new StaffCheck(new AccountRoles(accountsAnswering(users)), 'shopping');
    await expect(staff.require('shopper', 'merging products')).resolves.toBeUndefined();
    await expect(staff.require('crawlerOnly', 'merging products')).rejects.toMatchObject({
      kind: 'permission_denied',
      message: 'merging products needs the staff:shopping role',
      reason: 'STAFF_ROLE_REQUIRED',
    });
    await expect(staff.require('panelsNoAdmin', 'merging products')).rejects.toMatchObject({
      kind: 'permission_denied',
    });
    await expect(staff.require('siteAdmin', 'merging products')).rejects.toMatchObject({ kind: 'permission_denied' });
    await expect(staff.require('member', 'merging products')).rejects.toMatchObject({ kind: 'permission_denied' });
    await expect(staff.require('ghost', 'merging products')).rejects.toMatchObject({ kind: 'unauthenticated' });
  });

  it('checks the panel a call names instead of the service default', async () => {
    const staff = new StaffCheck(new AccountRoles(accountsAnswering(users)), 'shopping');
    await expect(staff.require('crawlerOnly', 'pausing a host', 'crawler')).resolves.toBeUndefined();
    await expect(staff.require('shopper', 'pausing a host', 'crawler')).rejects.toMatchObject({
      message: 'pausing a host needs the staff:crawler role',
    });
    expect(await staff.hasPanel('crawlerOnly', 'crawler')).toBe(true);
    expect(await staff.hasPanel('', 'crawler')).toBe(false);
  });

  it('keeps the site admin flag apart from the panel roles', async () => {
    const staff = new StaffCheck(new AccountRoles(accountsAnswering(users)));
    expect(await staff.isAdmin('siteAdmin')).toBe(true);
    expect(await staff.isAdmin('member')).toBe(false);
    expect(await staff.isAdmin('')).toBe(false);
  });

  it('remembers roles for their time to live, and never grants while accounts is down', async () => {
    const accounts = accountsAnswering({ ...users, down: GrpcStatus.UNAVAILABLE, old: GrpcStatus.UNIMPLEMENTED });
    const roles = new AccountRoles(accounts, 60_000);
    await roles.isAdmin('shopper');
    await roles.of('shopper');
    expect(accounts.calls).toBe(1);
    await expect(roles.isAdmin('down')).rejects.toMatchObject({ code: GrpcStatus.UNAVAILABLE });
    // An accounts without GetUser knows no roles.
    expect(await roles.of('old')).toEqual({ admin: false, panels: new Set() });
  });
});
