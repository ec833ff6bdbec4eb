import { destination, pino, type Logger, type LevelWithSilent } from 'pino';
import { currentTraceIds } from '../telemetry/trace-context.js';

export type { Logger };

/**
 * Structured JSON logs (docs/conventions.md §13): every line carries the service name and, inside a
 * call or event handler, its trace and span ids. Log fields, never interpolated strings.
 */
export function createLogger(service: string, level: LevelWithSilent = 'info'): Logger {
  const options = {
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    mixin: () => currentTraceIds() ?? {},
    // Secrets must never reach logs: redact the usual suspects wherever they appear.
    redact: {
      paths: [
        ...[
          'password',
          'passwordConfirmation',
          'currentPassword',
          'token',
          'sessionToken',
          'authorization',
          'secret',
          'cookie',
          'privateKey',
          'auth',
          'p256dh',
        ].flatMap((key) => [key, `*.${key}`]),
        ...['SMTP_URL', 'VAPID_PRIVATE_KEY', 'MONGODB_URI', 'REDIS_URL'].flatMap((key) => [key, `*.${key}`]),
      ],
      censor: '[redacted]',
    },
  };
  return pino(options, stdoutDestination());
}

/**
 * Lines written synchronously to stdout. pino's default (buffered, flushed at exit) hung a
 * process whose launcher had died: the flush at `process.exit` retried the write to the closed
 * pipe forever (sonic-boom 4 retries EPIPE in flushSync), so services outlived a killed
 * `npm start` launcher. A synchronous write fails once with EPIPE, and pino stops writing then.
 * Log volume is low (info and above per request or batch): the syscall per line is cheap.
 */
export function stdoutDestination() {
  return destination({ dest: 1, sync: true });
}
