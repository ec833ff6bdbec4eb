import { Events } from '@pc/proto/event-catalog';
import { toRecord } from '@pc/kit/events/publisher';
import type { OutgoingRecord } from '@pc/kit/ports/event-bus';
import type { PendingObservation } from './observation.js';

/** The producer name in the envelope: the seed stands in for the crawler. */
export const SEED_PRODUCER = 'seed';

/**
 * Observations as bus records, through the kit's envelope. The event id and occurred_at come from
 * the observation (not random, not the wall clock), so the same flags give the same bytes, and a
 * repeated run is deduplicated by consumers instead of doubling the history.
 */
export function encodeObservations(observations: readonly PendingObservation[]): OutgoingRecord[] {
  return observations.map((observation) =>
    toRecord(
      SEED_PRODUCER,
      { type: Events.offerObserved, key: observation.key, payload: observation.payload },
      observation.observedAt,
      observation.eventId,
    ),
  );
}
