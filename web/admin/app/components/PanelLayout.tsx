import { Outlet, useLoaderData } from '@remix-run/react';
import type { StaffUser } from '../auth/staff-user';
import type { StaffPanel } from '../panels/panels';
import { PanelShell } from './PanelShell';

/** The element of every panel's layout route: the frame around the panel's pages. */
export function PanelLayout() {
  const { panel, user, csrf, path } = useLoaderData<{
    panel: StaffPanel;
    user: StaffUser;
    csrf: string;
    path: string;
  }>();
  return (
    <PanelShell panel={panel} user={user} csrf={csrf} currentPath={path}>
      <Outlet />
    </PanelShell>
  );
}
