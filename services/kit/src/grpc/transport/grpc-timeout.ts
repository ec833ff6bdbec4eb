/**
 * The `grpc-timeout` header: at most 8 digits and a unit (H, M, S, m, u, n). Deadlines travel as
 * a remaining duration, not a timestamp, so clock skew between hosts does not matter.
 */
const UNIT_MS: Readonly<Record<string, number>> = { H: 3_600_000, M: 60_000, S: 1_000, m: 1, u: 1e-3, n: 1e-6 };
const TIMEOUT = /^(\d{1,8})([HMSmun])$/;
const MAX_DIGITS_VALUE = 99_999_999;

/** Milliseconds left, Infinity without the header, NaN when it is malformed. */
export function parseGrpcTimeout(value: string | string[] | undefined): number {
  if (value === undefined) return Infinity;
  const match = typeof value === 'string' ? TIMEOUT.exec(value) : null;
  if (!match) return NaN;
  return Number(match[1]) * (UNIT_MS[match[2] as string] as number);
}

/** The header for a remaining duration, in the finest unit that fits 8 digits. */
export function formatGrpcTimeout(ms: number): string {
  const whole = Math.max(0, Math.ceil(ms));
  if (whole <= MAX_DIGITS_VALUE) return `${whole}m`;
  const seconds = Math.ceil(whole / 1_000);
  if (seconds <= MAX_DIGITS_VALUE) return `${seconds}S`;
  return `${Math.min(MAX_DIGITS_VALUE, Math.ceil(seconds / 3_600))}H`;
}
