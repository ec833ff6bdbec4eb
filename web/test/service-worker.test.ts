import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';

type Listener = (event: unknown) => void;

/** web/public/sw.js run against a fake service-worker global: what it shows and what it opens. */
function loadWorker(openWindows: { url: string; focus: jest.Mock }[] = []) {
  const listeners = new Map<string, Listener>();
  const showNotification = jest.fn(async () => undefined);
  const openWindow = jest.fn(async () => undefined);
  const self = {
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: { showNotification },
    clients: { matchAll: async () => openWindows, openWindow },
    location: { origin: 'https://site.test' },
  };
  runInNewContext(readFileSync(join(__dirname, '..', 'public', 'sw.js'), 'utf8'), { self, URL });
  const dispatch = async (type: string, event: object) => {
    let waited: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => (waited = promise) });
    await waited;
  };
  return { dispatch, showNotification, openWindow };
}

const pushEvent = (payload: unknown) => ({
  data: { json: () => JSON.parse(JSON.stringify(payload)), text: () => String(payload) },
});

describe('the service worker (web/public/sw.js)', () => {
  it('shows a pushed alert with its title, body and product link, one per message id', async () => {
    const worker = loadWorker();
    await worker.dispatch(
      'push',
      pushEvent({ id: 'n_1', title: 'Price alert', body: 'The price is now CHF 250.00.', url: '/en-ch/products/p1' }),
    );
    expect(worker.showNotification).toHaveBeenCalledWith('Price alert', {
      body: 'The price is now CHF 250.00.',
      icon: undefined,
      tag: 'n_1',
      data: { url: '/en-ch/products/p1' },
    });
  });

  it('opens the product on click, focusing a tab that shows it, and never leaves the site', async () => {
    const focus = jest.fn(async () => undefined);
    const worker = loadWorker([{ url: 'https://site.test/en-ch/products/p1', focus }]);
    const click = (url: string) => ({ notification: { close: jest.fn(), data: { url } } });
    await worker.dispatch('notificationclick', click('/en-ch/products/p1'));
    expect(focus).toHaveBeenCalled();
    await worker.dispatch('notificationclick', click('/de-ch/products/p2'));
    expect(worker.openWindow).toHaveBeenLastCalledWith('https://site.test/de-ch/products/p2');
    await worker.dispatch('notificationclick', click('https://evil.test/phish'));
    expect(worker.openWindow).toHaveBeenLastCalledWith('https://site.test');
  });
});
