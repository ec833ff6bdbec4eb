import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Links, Meta, Outlet, Scripts, useRouteLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { RouteErrorBoundary } from './components/RouteErrorBoundary';
import { pickLanguage } from './i18n/language.server';
import { translator, type Language } from './i18n/languages';
import styles from './styles/admin.css?url';

// No icon of its own: `data:,` keeps the browser from asking for /favicon.ico.
export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: styles },
  { rel: 'icon', href: 'data:,' },
];

export const meta: MetaFunction = () => [
  { title: 'pricecompare staff' },
  { name: 'robots', content: 'noindex, nofollow' },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { language, setCookie } = await pickLanguage(request);
  return data({ language }, setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined);
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData('root') as { language: Language } | undefined;
  const language = root?.language ?? 'en';
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#main" className="skip-link">
          {translator(language)('app.skip')}
        </a>
        {children}
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export const ErrorBoundary = RouteErrorBoundary;
