import { data } from '@remix-run/node';
import { requireStaff } from '../auth/staff-session.server';
import type { StaffPanel } from './panels';

/** The layout of a panel: its guard, and what its frame shows. */
export async function panelLayoutLoader(request: Request, panel: StaffPanel) {
  const context = await requireStaff(request, panel);
  return data(
    { panel, user: context.user, csrf: context.session.csrf, path: new URL(request.url).pathname },
    { headers: { 'Set-Cookie': context.setCookie } },
  );
}
