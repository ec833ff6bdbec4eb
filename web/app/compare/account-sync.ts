import { LOCALE_IDS } from '~/i18n/locales';
import { apiGet, apiSend } from '~/site/api-client';
import { askWithRetries } from '~/site/ask-with-retries';
import { hasSignedInMarker } from '~/site/signed-in-marker';
import { mergeAccountPicks, sameIds } from './account-picks';
import { pickedFrom, type PickedProduct } from './picked-products';

/** The browser's own list of picks, as the store keeps it. */
export interface LocalPicks {
  read(): readonly PickedProduct[];
  /** Stores a list that came from the account, and shows it. */
  replace(picked: readonly PickedProduct[]): void;
}

/** The ids this browser and the account last agreed on (see mergeAccountPicks). */
const SYNCED_KEY = 'compare-products-synced';
const PATH = '/api/compare-picks';

interface PicksAnswer {
  readonly data?: unknown;
  readonly revision?: unknown;
}

/** Times a change is merged again after another device changed the account's list meanwhile. */
const MAX_MERGES = 3;

interface RefusedAnswer {
  readonly errors?: readonly { field: string; rule?: string }[];
}

/** The picks a refusal says the catalogue no longer shows (`product_ids[i]`, rule "exists"). */
function goneIds(answer: RefusedAnswer | null, ids: readonly string[]): Set<string> {
  const gone = new Set<string>();
  for (const error of answer?.errors ?? []) {
    const at = /^product_ids\[(\d+)\]$/.exec(error.field);
    const id = at ? ids[Number(at[1])] : undefined;
    if (error.rule === 'exists' && id) gone.add(id);
  }
  return gone;
}

let following = false;
/** The revision of the account's list this page last read or wrote (ADR 132); undefined: none yet. */
let revision: number | undefined;
const revisionOf = (body: PicksAnswer | null): number | undefined =>
  typeof body?.revision === 'number' ? body.revision : undefined;
/** Whether this page has read the account's picks: until then a change merges before it sends. */
let heard = false;
/** One call after another: a change made while the account is read is sent after the merge. */
let queue: Promise<void> = Promise.resolve();
const enqueue = (work: () => Promise<void>) => {
  queue = queue.then(work).catch(() => undefined);
};

const signedIn = () => hasSignedInMarker(document.cookie);

/** Names in the page's language: its path starts with the locale (an unknown one: the default). */
function picksPath(): string {
  const segment = window.location.pathname.split('/')[1] ?? '';
  return (LOCALE_IDS as readonly string[]).includes(segment) ? `${PATH}?locale=${segment}` : PATH;
}

function readSynced(): string[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(SYNCED_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function writeSynced(ids: readonly string[] | null): void {
  try {
    if (ids) window.localStorage.setItem(SYNCED_KEY, JSON.stringify(ids));
    else window.localStorage.removeItem(SYNCED_KEY);
  } catch {
    // Storage refused: every load merges as a first one (a union), which loses no pick.
  }
}

/**
 * Sends the whole list, conditioned on the revision this page knows; a busy server is asked again,
 * and a failure still leaves it to the next change (or the next page) to send again. Products the catalogue no longer shows are
 * dropped here too, else no list would ever be taken. When another device changed the list since
 * (409), the account is read and merged again, and the merge sent at its new revision.
 */
async function send(local: LocalPicks, picked: readonly PickedProduct[], merges = 0): Promise<void> {
  // Conditioned on the revision, a write asked again after a lost answer cannot apply twice.
  const put = (ids: readonly string[]) =>
    askWithRetries(() =>
      apiSend<RefusedAnswer & PicksAnswer>('PUT', picksPath(), {
        product_ids: ids,
        ...(revision === undefined ? {} : { revision }),
      }),
    );
  let sent = picked.map((p) => p.id);
  let answer = await put(sent);
  if (answer.status === 400) {
    const gone = goneIds(answer.body, sent);
    if (gone.size === 0) return;
    const kept = local.read().filter((p) => !gone.has(p.id));
    local.replace(kept);
    sent = kept.map((p) => p.id);
    answer = await put(sent);
  }
  if (answer.ok) {
    revision = revisionOf(answer.body);
    return writeSynced(sent);
  }
  if (answer.status === 409 && merges < MAX_MERGES) await mergeFromAccount(local, merges + 1);
}

/**
 * Reads the account's picks and merges them in; false when the account could not be read. A busy
 * server or a dropped connection is asked again a few times: the read runs once per page.
 */
async function mergeFromAccount(local: LocalPicks, merges = 0): Promise<boolean> {
  const answer = await askWithRetries(() => apiGet<PicksAnswer>(picksPath()));
  if (!answer.ok || !Array.isArray(answer.body?.data)) return false;
  revision = revisionOf(answer.body);
  const account = pickedFrom(answer.body.data);
  const merged = mergeAccountPicks(account, local.read(), readSynced());
  local.replace(merged);
  if (sameIds(merged, account)) writeSynced(merged.map((p) => p.id));
  else await send(local, merged, merges);
  return true;
}

/**
 * Once per page load: a signed-in browser reads the account's picks, shows them merged with its
 * own, and gives the account the merged list when it differs (ADR 132; signing in reloads the
 * page, so a visitor's picks join their account then). A signed-out browser forgets what it last
 * agreed with an account: the next one to sign in here gets a plain union.
 */
export function followAccount(local: LocalPicks): void {
  if (following) return;
  following = true;
  if (!signedIn()) {
    writeSynced(null);
    return;
  }
  enqueue(async () => {
    heard = await mergeFromAccount(local);
  });
}

/**
 * After a change in this browser: the account gets the whole list, when someone is signed in.
 * Had the account not been read yet (it failed on load), it is read and merged first, so that
 * this browser's list never overwrites picks made elsewhere unseen.
 */
export function sendToAccount(local: LocalPicks): void {
  if (!following || !signedIn()) return;
  enqueue(async () => {
    if (heard) await send(local, local.read());
    else heard = await mergeFromAccount(local);
  });
}
