import { reloadOnPreloadError, RELOAD_GUARD_MS } from './preload-error';

describe('page chunks that fail to load (spec §2.8 vite:preloadError)', () => {
  it('reloads the page once instead of failing, and lets a second failure right after through', () => {
    let listener: ((event: { preventDefault(): void }) => void) | undefined;
    const stored = new Map<string, string>();
    let reloads = 0;
    let time = 1_000_000;
    reloadOnPreloadError(
      {
        addEventListener: (_type, l) => (listener = l),
        location: { reload: () => (reloads += 1) },
        sessionStorage: { getItem: (k) => stored.get(k) ?? null, setItem: (k, v) => void stored.set(k, v) },
      },
      () => time,
    );
    const fire = () => {
      let prevented = false;
      listener?.({ preventDefault: () => (prevented = true) });
      return prevented;
    };
    expect([fire(), reloads]).toEqual([true, 1]);
    time += 1_000;
    expect([fire(), reloads]).toEqual([false, 1]); // rethrown: the route's error boundary shows it
    time += RELOAD_GUARD_MS;
    expect([fire(), reloads]).toEqual([true, 2]);
  });
});
