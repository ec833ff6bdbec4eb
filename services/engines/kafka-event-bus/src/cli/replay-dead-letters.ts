/**
 * Replays a dead-letter topic to the topics its records came from (docs/runbooks/README.md):
 *
 *   node services/engines/kafka-event-bus/dist/cli/replay-dead-letters.js --topic <topic>.dlq [--dry-run] [--group G]
 *
 * The brokers are KAFKA_BROKERS (every service pod has it), or --brokers host:port,…
 */
import { parseArgs } from 'node:util';
import { DEFAULT_REPLAY_GROUP, replayDeadLetters } from '../dead-letter-replay.js';
import { parseBrokerList } from '../open-kafka-event-bus.js';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      topic: { type: 'string' },
      brokers: { type: 'string', default: process.env.KAFKA_BROKERS ?? '' },
      group: { type: 'string', default: DEFAULT_REPLAY_GROUP },
      'dry-run': { type: 'boolean', default: false },
    },
  });
  if (!values.topic || !values.brokers) {
    process.stderr.write(
      'usage: replay-dead-letters --topic <topic>.dlq [--dry-run] [--group G] [--brokers host:port,…] (or KAFKA_BROKERS)\n',
    );
    return 2;
  }
  const dryRun = values['dry-run'];
  const result = await replayDeadLetters({
    brokers: parseBrokerList(values.brokers),
    topic: values.topic,
    group: values.group,
    dryRun,
    onRecord: (line) => process.stdout.write(`${line}\n`),
  });
  const total = Object.values(result.replayed).reduce((sum, n) => sum + n, 0);
  const per = Object.entries(result.replayed)
    .map(([topic, n]) => `${n} to ${topic}`)
    .join(', ');
  process.stdout.write(
    `${dryRun ? 'would replay' : 'replayed'} ${total} record(s)${per ? ` (${per})` : ''}; ${result.skipped} without an original topic left\n`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`replay-dead-letters: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
