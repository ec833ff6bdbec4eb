// Crash-test child: publishes numbered records in batches, forever, and reports the last sequence
// number of each batch once publish() resolved (`report`). The parent SIGKILLs it mid-stream.
import { openEmbeddedEventBus } from '../open-embedded-event-bus.js';
import { encode, report } from './child-io.js';

const [path, topic, batchArg] = process.argv.slice(2) as [string, string, string];
const batchSize = Number(batchArg);
const bus = openEmbeddedEventBus({ path });

async function publishForever(): Promise<void> {
  for (let next = 0; ; next += batchSize) {
    const records = Array.from({ length: batchSize }, (_, i) => ({
      topic,
      key: `key-${(next + i) % 4}`,
      value: encode(String(next + i)),
    }));
    await bus.publish(records);
    report(`acked ${next + batchSize - 1}`);
  }
}

void publishForever();
