import { randomBytes } from 'node:crypto';
import type { ConsumedRecord, EventBus } from '../event-bus.js';

/** What an adapter's test file hands to the contract: a fresh bus on the log shared by the run. */
export type MakeEventBus = () => Promise<{ bus: EventBus; cleanup: () => Promise<void> }>;

export interface ContractHarness {
  /** Opens a bus; every bus the test opened is cleaned up after it. */
  openBus(): Promise<EventBus>;
  /** Cleans a bus up now (closing it), e.g. to reopen the log with a new instance. */
  closeBus(bus: EventBus): Promise<void>;
}

/**
 * Registers the per-test cleanup. Call it at the top of the contract's `describe`.
 * Every bus made by `makeBus` must see the same log (one broker, one file), because some tests
 * close a bus and expect the next one to see the group's committed offsets.
 */
export function useContractHarness(makeBus: MakeEventBus): ContractHarness {
  const open = new Map<EventBus, () => Promise<void>>();
  afterEach(async () => {
    const cleanups = [...open.values()].reverse();
    open.clear();
    for (const cleanup of cleanups) await cleanup();
  });
  return {
    async openBus() {
      const { bus, cleanup } = await makeBus();
      open.set(bus, cleanup);
      return bus;
    },
    async closeBus(bus) {
      const cleanup = open.get(bus);
      open.delete(bus);
      await cleanup?.();
    },
  };
}

/** A topic or group name no other test (or earlier run against a shared broker) uses. */
export const uniqueName = (label: string): string => `contract.${label}.${randomBytes(5).toString('hex')}`;

export const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
export const decode = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

/** Polls `condition` until it holds; fails with `what` after `timeoutMs`. */
export async function waitUntil(
  what: string,
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await delay(10);
  }
}

export const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A handler that records what it was given, with the text of each value. */
export class Recorder {
  readonly records: ConsumedRecord[] = [];

  readonly handler = async (record: ConsumedRecord): Promise<void> => {
    this.records.push(record);
  };

  texts(): string[] {
    return this.records.map((record) => decode(record.value));
  }

  has(text: string): boolean {
    return this.texts().includes(text);
  }
}
