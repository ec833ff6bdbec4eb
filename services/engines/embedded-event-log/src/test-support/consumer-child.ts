// Crash-test child: consumes a topic as a member of a group, reporting each sequence number as the
// handler starts it. Records are handled one at a time and committed before the next one starts,
// so when the parent SIGKILLs it, everything before the last reported number is committed.
import { openEmbeddedEventBus } from '../open-embedded-event-bus.js';
import { decode, report } from './child-io.js';

const [path, topic, group, sessionArg] = process.argv.slice(2) as [string, string, string, string];
const sessionTimeoutMs = Number(sessionArg);
const bus = openEmbeddedEventBus({ path, sessionTimeoutMs, heartbeatIntervalMs: Math.floor(sessionTimeoutMs / 4) });

void bus.subscribe({
  group,
  topics: [topic],
  handler: async (record) => {
    report(`started ${decode(record.value)}`);
    // Leave the record in flight for a moment, so the kill often lands inside a handler.
    await new Promise((resolve) => setTimeout(resolve, 1));
  },
});
