import {
  destination,
  levels,
  multistream,
  pino,
  type DestinationStream,
  type Logger,
  type LevelWithSilent,
} from 'pino';
import { currentTraceIds } from '../telemetry/trace-context.js';
import { processLogRing, type LogRing } from './log-ring.js';

export type { Logger };

/**
 * Structured JSON logs (docs/conventions.md §13): every line carries the service name and, inside a
 * call or event handler, its trace and span ids. Log fields, never interpolated strings.
 * `service` null: a process that runs several services (a test platform), each logging through a
 * child with its own `service`.
 * Lines go to stdout from `level` up and, from warn up whatever `level` is (unless silent), to the
 * process's log ring that the infrastructure panel reads (ADR 133) — the serialized line, so the
 * ring holds exactly what redaction left.
 */
export function createLogger(
  service: string | null,
  level: LevelWithSilent = 'info',
  outputs: { readonly ring?: LogRing; readonly stdout?: DestinationStream } = {},
): Logger {
  const stdout = outputs.stdout ?? stdoutDestination();
  const options = {
    level: level === 'silent' || (levels.values[level] ?? 0) <= (levels.values.warn ?? 40) ? level : 'warn',
    base: service === null ? null : { service },
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
        // Request headers one level further down (`{ req: { headers } }`).
        ...['authorization', 'cookie'].map((key) => `*.headers.${key}`),
        ...['SMTP_URL', 'VAPID_PRIVATE_KEY', 'MONGODB_URI', 'REDIS_URL'].flatMap((key) => [key, `*.${key}`]),
      ],
      censor: '[redacted]',
    },
  };
  if (level === 'silent') return pino(options, stdout);
  return pino(
    options,
    multistream([
      { level, stream: stdout },
      { level: 'warn', stream: outputs.ring ?? processLogRing() },
    ]),
  );
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
