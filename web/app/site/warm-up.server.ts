/**
 * Whether a render is the site process's own warm-up before it takes visitors (ADR 096): the edge
 * says so in the load context (web/edge/warm-up.cjs), only for its own loopback requests. Such a
 * render asks for nothing only a visitor needs (the advertisement).
 */
export const isWarmUpRender = (loadContext: unknown): boolean =>
  (loadContext as { warmUp?: unknown } | undefined)?.warmUp === true;
