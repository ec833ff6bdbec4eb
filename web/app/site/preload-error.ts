/**
 * Spec §2.8: when a page chunk fails to load, Vite raises `vite:preloadError` on window and
 * rethrows the failure unless the event is prevented. A failed chunk almost always means the
 * site was deployed anew while the page was open (its old chunks are gone): we prevent the
 * rethrow and reload the page once, which fetches the new chunks. A second failure within
 * RELOAD_GUARD_MS is let through (rethrown to the route's error boundary), so a chunk that is
 * really missing cannot make the page reload forever. Imported once by root.tsx for its effect.
 */
export const RELOAD_GUARD_MS = 10_000;

interface PreloadWindow {
  addEventListener(type: 'vite:preloadError', listener: (event: { preventDefault(): void }) => void): void;
  readonly location: { reload(): void };
  readonly sessionStorage: Pick<Storage, 'getItem' | 'setItem'>;
}

export function reloadOnPreloadError(win: PreloadWindow, now: () => number = Date.now): void {
  win.addEventListener('vite:preloadError', (event) => {
    const at = now();
    if (at - Number(win.sessionStorage.getItem('pc:reloaded')) < RELOAD_GUARD_MS) return;
    event.preventDefault();
    win.sessionStorage.setItem('pc:reloaded', String(at));
    win.location.reload();
  });
}

if (typeof window !== 'undefined') reloadOnPreloadError(window as unknown as PreloadWindow);
