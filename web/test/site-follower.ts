import type { Logger } from 'pino';
import { openEventBus } from '@pc/engine-profile/open-event-bus';
import { createEventPublisher } from '@pc/kit/events/publisher';
import type { EventBus } from '@pc/kit/ports/event-bus';
import { ProductChanged } from '@pc/proto/catalog/events/v1/events';
import { Events } from '@pc/proto/event-catalog';
import { eventually } from './platform-fixture';

/* eslint-disable @typescript-eslint/no-require-imports */
const { followPageChanges } = require('../edge/page-events.cjs') as {
  followPageChanges: (options: object) => { started: Promise<void>; stop: () => Promise<void> };
};
const { loadEdgeConfig } = require('../edge/edge-config.cjs') as {
  loadEdgeConfig: (env: Record<string, string>) => Record<string, unknown>;
};
/* eslint-enable @typescript-eslint/no-require-imports */

export interface SiteFollower {
  readonly bus: EventBus;
  stop(): Promise<void>;
}

/**
 * The site's follower of a test platform's event log, as site-process.mjs wires it: each change
 * heard drops the site's kept page parts (which live their evented age while followed) and goes
 * to `changed` too (a micro-cache refresher). Resolves once the follower hears the bus: a new
 * group takes its place at the newest record only once it has its partitions, so it knocks
 * until a probe comes through.
 */
export async function followSiteChanges(options: {
  readonly dataDir: string;
  readonly logger: Logger;
  readonly group: string;
  readonly changed?: (tags: string[]) => void;
}): Promise<SiteFollower> {
  const { pageParts } = await import('~/entry.server');
  const bus = await openEventBus(loadEdgeConfig({ DATA_DIR: options.dataDir }) as never, options.logger, 'web');
  const heard: string[] = [];
  const follower = followPageChanges({
    bus,
    logger: options.logger,
    group: options.group,
    changed: (tags: string[]) => {
      heard.push(...tags);
      pageParts.changed(tags);
      options.changed?.(tags);
    },
    followed: (since: number, forMs: number) => pageParts.followed(since, forMs),
    settleMs: 0,
  });
  await follower.started;
  const probe = createEventPublisher(bus, 'catalog');
  await eventually('the follower to hear the bus', async () => {
    await probe.publish(Events.productChanged, 'probe', ProductChanged.fromPartial({ productId: 'probe' }));
    return heard.includes('product:probe') || undefined;
  });
  return {
    bus,
    stop: async () => {
      await follower.stop();
      await bus.close();
    },
  };
}
