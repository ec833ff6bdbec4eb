/**
 * The promotion countdown (spec §4): more than a day left shows a relative day count in the
 * locale ("in 3 days"); otherwise hours:minutes:seconds, zero padded, refreshed each second,
 * stopping at zero.
 */
export type Countdown =
  | { readonly kind: 'days'; readonly days: number }
  | { readonly kind: 'clock'; readonly text: string; readonly secondsLeft: number }
  | { readonly kind: 'ended' };

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

export function countdown(endsAt: string | Date, now: number): Countdown {
  const left = new Date(endsAt).getTime() - now;
  if (left <= 0) return { kind: 'ended' };
  if (left > DAY_MS) return { kind: 'days', days: Math.floor(left / DAY_MS) };
  const seconds = Math.floor(left / 1000);
  return {
    kind: 'clock',
    text: `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`,
    secondsLeft: seconds,
  };
}

/** Whether the display must tick every second (only the clock form changes that fast). */
export const ticks = (value: Countdown): boolean => value.kind === 'clock';
