import { redirect } from '@remix-run/node';
import { requireStaff } from '../auth/staff-session.server';
import { PANEL_NAV, panelPath, routerPath, type StaffPanel } from './panels';

/** /admin/<panel>: signed in, to the panel's first page; otherwise to its sign-in. */
export async function panelHome(request: Request, panel: StaffPanel) {
  const context = await requireStaff(request, panel);
  return redirect(routerPath(panelPath(panel, PANEL_NAV[panel][0]?.path ?? 'audit')), {
    headers: { 'Set-Cookie': context.setCookie },
  });
}
