import { pino, type Logger, type LevelWithSilent } from 'pino';
import { currentTraceIds } from '../telemetry/trace-context.js';

export type { Logger };

/**
 * Structured JSON logs (CONVENTIONS.md §13): every line carries the service name and, inside a
 * call or event handler, its trace and span ids. Log fields, never interpolated strings.
 */
export function createLogger(service: string, level: LevelWithSilent = 'info'): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => currentTraceIds() ?? {},
    // Secrets must never reach logs: redact the usual suspects wherever they appear.
    redact: {
      paths: [
        ...['password', 'passwordConfirmation', 'currentPassword', 'token', 'sessionToken', 'authorization', 'secret', 'cookie', 'privateKey', 'auth', 'p256dh'].flatMap((key) => [key, `*.${key}`]),
        ...['SMTP_URL', 'VAPID_PRIVATE_KEY', 'MONGODB_URI', 'REDIS_URL'].flatMap((key) => [key, `*.${key}`]),
      ],
      censor: '[redacted]',
    },
  });
}
