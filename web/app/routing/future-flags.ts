/**
 * Remix's future flags of the site: the build (vite.config.ts) and the tests that build a Remix
 * app of the site's routes take them from here, so both run the same Remix behaviour.
 */
export const siteFutureFlags = {
  v3_fetcherPersist: true,
  v3_relativeSplatPath: true,
  v3_throwAbortReason: true,
  v3_singleFetch: true,
  v3_lazyRouteDiscovery: true,
} as const;
