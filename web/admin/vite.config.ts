import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig } from 'vite';

// Loaders' types as single fetch serialises them (`data()` with headers, Dates kept).
declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * Every URL of the admin app lives under /admin (ADR 042): on a host of its own
 * (admin.example.com/admin/…) or behind the site's ingress as a path prefix, the product page's
 * edit link `/admin/shopping/products/{id}` is the same path.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [
    remix({
      basename: '/admin/',
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
  ssr: {
    // Workspace packages are CommonJS built by tsc; Node loads them (and grpc-js) at run time.
    external: ['@pc/kit', '@pc/proto', '@pc/staff-access', '@pc/fx-rates', '@grpc/grpc-js'],
  },
  server: { host: '127.0.0.1' },
});
