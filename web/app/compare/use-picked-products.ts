import { useSyncExternalStore } from 'react';
import { followAccount, sendToAccount, type LocalPicks } from './account-sync';
import {
  PICKED_PRODUCTS_KEY,
  readPicked,
  togglePicked,
  withoutPicked,
  writePicked,
  type PickedProduct,
} from './picked-products';

/** The picked products, and whether the last product pressed was refused (the list was full). */
export interface PickedState {
  readonly picked: readonly PickedProduct[];
  readonly refused: boolean;
}

/**
 * The products picked for comparison, kept in the browser's localStorage (ADR 116): every toggle
 * and the tray read this one store, so a press anywhere shows everywhere at once; another tab's
 * change arrives through the `storage` event. Where storage is refused (some private windows) the
 * list lives as long as the page. A signed-in visitor's list also lives in their account and
 * follows them to other devices (ADR 132, account-sync.ts): merged in on load, sent on each change.
 */
let memory: string | null = null;
let storageRefused = false;
let refused = false;
let snapshot: { stored: string | null; refused: boolean; state: PickedState } | null = null;
const listeners = new Set<() => void>();

function readStored(): string | null {
  if (storageRefused) return memory;
  try {
    return window.localStorage.getItem(PICKED_PRODUCTS_KEY);
  } catch {
    storageRefused = true;
    return memory;
  }
}

function save(picked: readonly PickedProduct[]): void {
  memory = writePicked(picked);
  if (storageRefused) return;
  try {
    window.localStorage.setItem(PICKED_PRODUCTS_KEY, memory);
  } catch {
    storageRefused = true;
  }
}

const notify = () => listeners.forEach((listener) => listener());

const onStorage = (event: StorageEvent) => {
  if (event.key === PICKED_PRODUCTS_KEY || event.key === null) notify();
};

/** The store as the account's sync sees it. */
const local: LocalPicks = {
  read: () => currentState().picked,
  replace(picked) {
    save(picked);
    notify();
  },
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  followAccount(local);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** The same object while nothing changed (useSyncExternalStore compares snapshots by identity). */
function currentState(): PickedState {
  const stored = readStored();
  if (!snapshot || snapshot.stored !== stored || snapshot.refused !== refused)
    snapshot = { stored, refused, state: { picked: readPicked(stored), refused } };
  return snapshot.state;
}

/**
 * The picked products; null while the server renders and the page hydrates: the server cannot
 * know them, so the toggles and the tray appear only once JavaScript runs.
 */
export const usePickedProducts = (): PickedState | null =>
  useSyncExternalStore<PickedState | null>(subscribe, currentState, () => null);

/** Picks a product or drops it again; a fifth is refused (the state says so). */
export function togglePickedProduct(product: PickedProduct): void {
  const toggled = togglePicked(currentState().picked, product);
  if (!toggled.refused) save(toggled.picked);
  refused = toggled.refused;
  notify();
  if (!toggled.refused) sendToAccount(local);
}

export function dropPickedProduct(id: string): void {
  save(withoutPicked(currentState().picked, id));
  refused = false;
  notify();
  sendToAccount(local);
}

export function dropAllPickedProducts(): void {
  save([]);
  refused = false;
  notify();
  sendToAccount(local);
}
