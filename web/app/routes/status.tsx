import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { platformHealth } from '~/services/health.server';

export const meta: MetaFunction = () => [
  { title: 'Platform status · pricecompare' },
  { name: 'robots', content: 'noindex' },
];

/** GET /status: whether each backend service answers its gRPC health check (operators, e2e tests). */
export async function loader() {
  return { health: await platformHealth() };
}

export default function PlatformStatus() {
  const { health } = useLoaderData<typeof loader>();
  return (
    <main id="main">
      <h1>Platform status</h1>
      <ul className="entity-grid" data-testid="platform-status">
        {health.map((service) => (
          <li key={service.name} data-service={service.name} data-serving={service.serving}>
            {service.name}: {service.serving ? 'serving' : 'down'}
          </li>
        ))}
      </ul>
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
