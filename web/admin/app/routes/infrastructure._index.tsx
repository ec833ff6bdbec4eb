import type { LoaderFunctionArgs } from '@remix-run/node';
import { panelHome } from '../panels/panel-home.server';

export const loader = ({ request }: LoaderFunctionArgs) => panelHome(request, 'infrastructure');
