import { ConnectionWatchdog, type ReconnectableClient } from './connection-watchdog.js';

const selection = Object.assign(new Error('connection 1 to 127.0.0.1:27017 closed'), {
  name: 'MongoServerSelectionError',
});
const duplicate = Object.assign(new Error('E11000'), { name: 'MongoServerError', code: 11000 });

function setup(stuckAfterMs = 15_000) {
  let now = 0;
  const calls: string[] = [];
  let failConnect = false;
  const client: ReconnectableClient = {
    close: async () => void calls.push('close'),
    connect: async () => {
      calls.push('connect');
      if (failConnect) throw selection;
    },
  };
  const outcomes: boolean[] = [];
  const watchdog = new ConnectionWatchdog(client, {
    stuckAfterMs,
    clock: () => now,
    onReconnect: ({ ok }) => void outcomes.push(ok),
  });
  return {
    watchdog,
    calls,
    outcomes,
    advance: (ms: number) => void (now += ms),
    failConnects: () => void (failConnect = true),
  };
}

describe('ConnectionWatchdog', () => {
  it('rebuilds the client once every call has failed to find the server for the limit, and not before', async () => {
    const { watchdog, calls, outcomes, advance } = setup();
    watchdog.failed(selection);
    advance(14_999);
    watchdog.failed(selection);
    expect(calls).toEqual([]);
    advance(1);
    watchdog.failed(selection);
    watchdog.failed(selection); // while it reconnects: no second rebuild
    await watchdog.settled();
    expect(calls).toEqual(['close', 'connect']);
    expect(outcomes).toEqual([true]);
  });

  it('starts counting again after a success, and ignores errors the server itself answered', async () => {
    const { watchdog, calls, advance } = setup();
    watchdog.failed(selection);
    advance(10_000);
    watchdog.succeeded();
    watchdog.failed(selection);
    advance(10_000);
    watchdog.failed(selection);
    watchdog.failed(duplicate);
    advance(60_000);
    watchdog.failed(duplicate);
    await watchdog.settled();
    expect(calls).toEqual([]);
  });

  it('sees a selection failure wrapped as the cause of our own error', async () => {
    const { watchdog, calls, advance } = setup(1_000);
    const wrapped = new Error('ticks: the MongoDB server is unreachable', { cause: selection });
    watchdog.failed(wrapped);
    advance(1_000);
    watchdog.failed(wrapped);
    await watchdog.settled();
    expect(calls).toEqual(['close', 'connect']);
  });

  it('while the server stays away, tries again only after another full limit', async () => {
    const { watchdog, calls, outcomes, advance, failConnects } = setup(1_000);
    failConnects();
    watchdog.failed(selection);
    advance(1_000);
    watchdog.failed(selection);
    await watchdog.settled();
    advance(999);
    watchdog.failed(selection);
    await watchdog.settled();
    expect(calls).toEqual(['close', 'connect']);
    advance(1);
    watchdog.failed(selection);
    await watchdog.settled();
    expect(calls).toEqual(['close', 'connect', 'close', 'connect']);
    expect(outcomes).toEqual([false, false]);
  });
});
