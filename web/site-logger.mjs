// The site's JSON logs, as the services' (kit logging/logger.ts). Synchronous stdout: a buffered
// logger hangs at exit on a closed pipe when the launcher of `npm start` died, leaving the
// process behind.
import { pino } from 'pino';

/** `mixin`: fields added to each line (the site process adds the current trace's ids). */
export function siteLogger({ mixin } = {}) {
  return pino(
    {
      level: process.env.LOG_LEVEL ?? 'info',
      base: { service: 'web' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      ...(mixin ? { mixin } : {}),
    },
    pino.destination({ dest: 1, sync: true }),
  );
}
