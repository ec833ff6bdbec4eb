// The click fold's thread (ADR 077): ClickRecorded folded into the click statistics off the
// event loop that answers click-outs. Started by `fold-thread.ts`; everything it opens is its own.
import { parentPort, workerData } from 'node:worker_threads';
import { openEventBus } from '@pc/engine-profile/open-event-bus';
import { createLogger } from '@pc/kit/logging/logger';
import { ClickAggregateRepository } from '../store/click-aggregate-repository.js';
import { openClickStatsStore } from '../store/click-stats-store.js';
import { ClickFold } from './click-fold.js';
import type { FoldThreadData, FoldThreadReply } from './fold-thread.js';

async function run(port: NonNullable<typeof parentPort>, data: FoldThreadData): Promise<void> {
  const logger = createLogger('affiliates', data.logLevel).child({ thread: 'click-fold' });
  const store = await openClickStatsStore(data.config, logger);
  const bus = await openEventBus(data.config, logger, 'affiliates-click-fold');
  const fold = new ClickFold(await ClickAggregateRepository.open(store), logger, {
    lingerMs: data.config.AFFILIATES_FOLD_LINGER_MS,
  });
  const subscription = await fold.subscribe(bus, data.config.AFFILIATES_FOLD_CONCURRENCY);
  port.on('message', (message: { type: 'stop' }) => {
    if (message.type !== 'stop') return;
    // What was handled is committed before the bus closes: a stop loses nothing, redelivers little.
    void (async () => {
      await subscription.stop();
      await bus.close();
      await store.close();
      reply(port, { type: 'stopped' });
      port.close();
    })();
  });
  reply(port, { type: 'ready' });
}

const reply = (port: NonNullable<typeof parentPort>, message: FoldThreadReply): void => port.postMessage(message);

if (parentPort) {
  const port = parentPort;
  run(port, workerData as FoldThreadData).catch((error: unknown) => {
    reply(port, { type: 'failed', reason: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    process.exit(1);
  });
}
