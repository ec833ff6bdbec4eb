import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, Outlet, useLoaderData } from '@remix-run/react';
import { parseLocale } from '~/i18n/locales';

/** Every public page lives under a locale (spec §2.1); an unknown first segment is not found. */
export async function loader({ params }: LoaderFunctionArgs) {
  const locale = parseLocale(params.locale);
  if (!locale) throw new Response('Not found', { status: 404 });
  return { locale };
}

export default function LocaleLayout() {
  const { locale } = useLoaderData<typeof loader>();
  return (
    <>
      <header className="masthead">
        <Link to={`/${locale.id}`} className="logo">
          pricecompare
        </Link>
      </header>
      <Outlet />
    </>
  );
}
