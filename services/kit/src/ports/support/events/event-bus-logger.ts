/**
 * The few log calls the event log makes, shaped like pino's so the service's pino logger can be
 * passed as is. The bus logs handler failures and dead letters here because nobody awaits the
 * consuming loops that see them.
 */
export interface EventLogLogger {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

export const silentLogger: EventLogLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
