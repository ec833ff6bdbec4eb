import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { sameSiteTarget } from '~/auth/redirect-target';
import { RegionForm } from '~/components/layout/RegionForm';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { siteContext } from '~/site/site-context.server';
import { useSite } from '~/site/use-site';

/** The region selector as a page: where the masthead's region link goes without JavaScript. */
export function loader({ request, params }: LoaderFunctionArgs) {
  const context = siteContext(request, params.locale);
  return { back: sameSiteTarget(new URL(request.url).searchParams.get('back'), `/${context.locale.id}`) };
}

export default function RegionPage() {
  const { back } = useLoaderData<typeof loader>();
  const { t } = useSite();
  return (
    <main id="main" className="narrow">
      <h1>{t('region.title')}</h1>
      <RegionForm back={back} />
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
