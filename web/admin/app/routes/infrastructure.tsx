import type { LoaderFunctionArgs } from '@remix-run/node';
import { PanelLayout } from '../components/PanelLayout';
import { panelLayoutLoader } from '../panels/panel-layout.server';

export const loader = ({ request }: LoaderFunctionArgs) => panelLayoutLoader(request, 'infrastructure');

export default PanelLayout;

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
