import { data, redirect, type ActionFunctionArgs } from '@remix-run/node';
import { logoutAction } from '../auth/login.server';
import { isStaffPanel, panelPath, routerPath } from '../panels/panels';

export const loader = ({ params }: ActionFunctionArgs) => {
  if (!isStaffPanel(params.panel)) throw data(null, { status: 404 });
  return redirect(routerPath(panelPath(params.panel)));
};

export const action = ({ request, params }: ActionFunctionArgs) => {
  if (!isStaffPanel(params.panel)) throw data(null, { status: 404 });
  return logoutAction(request, params.panel);
};
