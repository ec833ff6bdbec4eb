import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { requireStaff } from '../auth/staff-session.server';
import { panelPath, routerPath } from '../panels/panels';

/** The "open by id" form of the products page: to the product's page (its 404 when unknown). */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireStaff(request, 'shopping');
  const id = (new URL(request.url).searchParams.get('id') ?? '').trim();
  const target = id ? panelPath('shopping', `products/${encodeURIComponent(id)}`) : panelPath('shopping', 'products');
  return redirect(routerPath(target), { headers: { 'Set-Cookie': context.setCookie } });
}
