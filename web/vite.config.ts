import { vitePlugin as remix } from '@remix-run/dev';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { siteFutureFlags } from './app/routing/future-flags';
import { dealsRouteAliases, productRouteAliases } from './app/routing/route-aliases';

// Loaders' types as single fetch serialises them (`data()` with headers, Dates kept).
declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [
    remix({
      future: siteFutureFlags,
      // The translated words of "products" (spec §2.1) and "deals" (ADR 142) lead to the same pages.
      routes: async () => ({ ...productRouteAliases(), ...dealsRouteAliases() }),
    }),
  ],
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  ssr: {
    // Our workspace packages are CommonJS built by tsc; Node loads them (and grpc-js) at run
    // time instead of Vite bundling them into the server build.
    external: ['@pc/kit', '@pc/proto', '@grpc/grpc-js', 'grpc-health-check'],
  },
  server: { host: '127.0.0.1' },
});
