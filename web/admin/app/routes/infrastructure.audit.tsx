import type { LoaderFunctionArgs } from '@remix-run/node';
import { AuditView } from '../components/AuditView';
import { auditLoader } from '../panels/audit-page.server';

export const loader = ({ request }: LoaderFunctionArgs) => auditLoader(request, 'infrastructure');

export default AuditView;

export { RouteErrorBoundary as ErrorBoundary } from '../components/RouteErrorBoundary';
