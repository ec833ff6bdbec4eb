import { describeConcurrency } from './event-bus-contract-concurrency.js';
import { describeDelivery } from './event-bus-contract-delivery.js';
import { describeFailures } from './event-bus-contract-failures.js';
import { describeGroups, describeHeard, describeLag } from './event-bus-contract-groups.js';
import { type MakeEventBus, useContractHarness } from './event-bus-contract-harness.js';

export type { MakeEventBus } from './event-bus-contract-harness.js';

/**
 * The behaviour every EventBus adapter must have (docs/architecture.md §3, §4): run it from each
 * adapter's test file against a real engine.
 *
 * `makeBus` returns a new bus instance on the one log the whole run shares (the same SQLite
 * file, the same Kafka cluster); `cleanup` closes it. Tests use unique topic and group names, so
 * a shared broker with leftovers of earlier runs is fine.
 */
export function describeEventBusContract(adapterName: string, makeBus: MakeEventBus): void {
  describe(`EventBus contract: ${adapterName}`, () => {
    const harness = useContractHarness(makeBus);
    describe('delivery', () => describeDelivery(harness));
    describe('consumer groups', () => describeGroups(harness));
    describe('failures', () => describeFailures(harness));
    describe('concurrency', () => describeConcurrency(harness));
    describe('consumer lag', () => describeLag(harness));
    describe('a member in touch with the bus', () => describeHeard(harness));
  });
}
