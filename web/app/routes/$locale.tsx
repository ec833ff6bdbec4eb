import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet } from '@remix-run/react';
import { CompareTraySlot } from '~/components/compare/CompareTraySlot';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { parseLocale } from '~/i18n/locales';

/** Every public page lives under a locale (spec §2.1); an unknown first segment is not found. */
export function loader({ params }: LoaderFunctionArgs) {
  if (!parseLocale(params.locale)) throw new Response('Not found', { status: 404 });
  return null;
}

export default function LocaleLayout() {
  return (
    <>
      <Outlet />
      <CompareTraySlot />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
