import { isRouteErrorResponse, useRouteError } from '@remix-run/react';
import { StatusPage } from './StatusPage';

/**
 * Every route's ErrorBoundary (docs/conventions.md §8): a thrown Response shows the status page of its
 * status; anything else is a server error whose message never reaches the visitor.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error) && typeof window !== 'undefined') console.error(error);
  return <StatusPage status={status} />;
}
