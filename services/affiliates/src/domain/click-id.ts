import { randomBytes } from 'node:crypto';

const PREFIX = 'ck_';
/** Base-36 widths: a run id sorts by its start time, a sequence by its number. */
const TIME_WIDTH = 9;
const RANDOM_WIDTH = 4;
const RUN_WIDTH = TIME_WIDTH + RANDOM_WIDTH;
const SEQUENCE_WIDTH = 9;

/** A click id taken apart: the process run that recorded it and its number within that run. */
export interface ClickIdParts {
  readonly run: string;
  readonly sequence: number;
}

/**
 * Click ids `ck_<run><sequence>`: the run is this process's start time and a random suffix, the
 * sequence counts up from 1. Ids of one run sort in the order they were issued, and the fold of
 * ClickRecorded relies on it: a run's clicks reach each partition of the topic in sequence order
 * (one publisher per process, ADR 043a), so "sequence at most the last one folded" is a redelivery.
 */
export class ClickIds {
  readonly run: string;
  private sequence = 0;

  constructor(now = Date.now()) {
    const random = BigInt(`0x${randomBytes(4).toString('hex')}`)
      .toString(36)
      .slice(-RANDOM_WIDTH)
      .padStart(RANDOM_WIDTH, '0');
    this.run = `${now.toString(36).padStart(TIME_WIDTH, '0')}${random}`;
  }

  next(): string {
    this.sequence += 1;
    return `${PREFIX}${this.run}${this.sequence.toString(36).padStart(SEQUENCE_WIDTH, '0')}`;
  }
}

/** The run and sequence of a click id, or null for anything else. */
export function parseClickId(id: string): ClickIdParts | null {
  if (!id.startsWith(PREFIX) || id.length !== PREFIX.length + RUN_WIDTH + SEQUENCE_WIDTH) return null;
  const run = id.slice(PREFIX.length, PREFIX.length + RUN_WIDTH);
  const sequence = Number.parseInt(id.slice(PREFIX.length + RUN_WIDTH), 36);
  return /^[0-9a-z]+$/.test(run) && Number.isSafeInteger(sequence) && sequence > 0 ? { run, sequence } : null;
}
