import type { Logger } from 'pino';
import type { HostRecord, ShopRecord } from '../domain/records.js';
import type { CrawlerStore } from '../store/crawler-store.js';
import type { StoredUrl } from '../store/url-repository.js';
import type { VisitTask } from './visit-task.js';

/** How far ahead a host's next visit is looked up again at the latest (another replica or an RPC may have moved it). */
const RECHECK_MS = 30_000;
/** Host and shop settings are read again this often (pauses, shops that stopped being crawlable). */
const SETTINGS_REFRESH_MS = 5_000;
/**
 * A host's next visit is chosen this long before its quiet time ends, so the request is ready and
 * leaves when the turn is free (HostAccess waits the rest out) instead of a dispatcher tick, a
 * store read and crawlee's pool later — that lag was ~8 % of a well-behaved host's time. It covers
 * a tick (CRAWLER_TICK, 100 ms) and the reads before the request; politeness is the gate's, not this.
 */
export const DISPATCH_LEAD_MS = 300;

interface HostSlot {
  busy: boolean;
  /** URLs of this host whose visit has its answer and is being recorded: not handed out again meanwhile. */
  readonly recording: Set<string>;
  /** Epoch ms: do not look for this host's next URL before. */
  checkAt: number;
  checking: boolean;
  /** The last visit was a fast mover taken ahead of due ordinary URLs: the next turn is theirs. */
  jumpedQueue: boolean;
  /** Epoch ms: the host has no fast mover due before (most hosts have none: one read per RECHECK_MS, not per visit). */
  fastCheckAt: number;
}

export interface DispatcherOptions {
  readonly store: CrawlerStore;
  readonly push: (task: VisitTask) => void;
  readonly now: () => Date;
  readonly tickMs: number;
  readonly logger: Logger;
  /** Only hosts of shops that are listed (or about to be) are crawled; others wait for staff. */
  readonly crawlsShopless: boolean;
}

/**
 * Chooses the next visits from the durable frontier (ADR 039b): for each host without a visit in
 * progress here, its active URL due soonest, when due — but a due fast mover (a page whose prices
 * change often) goes before the host's other due URLs, every other turn at least (ADR 069), so a
 * price change does not wait behind a backlog while the host's other pages keep half its turns.
 * One visit per host at a time in this process; across replicas the host's lease decides
 * (politeness/host-gate.ts). Fair by host: a shop with 100,000 due pages waits its turn like one with ten.
 */
export class Dispatcher {
  private readonly slots = new Map<string, HostSlot>();
  private hosts: readonly HostRecord[] = [];
  private shops = new Map<string, ShopRecord>();
  private settingsAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private visits = 0;

  constructor(private readonly options: DispatcherOptions) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.options.tickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Looks at a host again at once (new URLs, staff asked for a visit, backoff cleared). */
  wake(host: string): void {
    const slot = this.slots.get(host);
    if (slot) {
      slot.checkAt = 0;
      slot.fastCheckAt = 0;
    }
    this.settingsAt = 0;
  }

  /** A visit of the host ended (or was given back); `notBefore` when the host must wait (backoff). */
  done(host: string, notBefore = 0): void {
    const slot = this.slots.get(host);
    if (!slot) return;
    slot.busy = false;
    slot.checkAt = Math.max(notBefore, 0);
  }

  /**
   * A visit's answer is read and its host's turn is over, but its result is still being written:
   * the host may be visited again from `notBefore`, though not at this URL until `recorded`.
   * Writing (the store's commits) then overlaps the host's quiet time instead of adding to it.
   */
  answered(host: string, urlId: string, notBefore: number): void {
    const slot = this.slots.get(host);
    if (!slot) return;
    slot.recording.add(urlId);
    this.done(host, notBefore - DISPATCH_LEAD_MS);
  }

  /** The result of an `answered` visit is written: its URL may be handed out again. */
  recorded(host: string, urlId: string): void {
    this.slots.get(host)?.recording.delete(urlId);
  }

  /** Hosts with a visit in progress in this process. */
  busyHosts(): number {
    let count = 0;
    for (const slot of this.slots.values()) if (slot.busy) count += 1;
    return count;
  }

  /** One round: runs to completion before the next starts. */
  async tick(): Promise<void> {
    if (this.running) return;
    this.running = this.round().catch((error: unknown) =>
      this.options.logger.warn({ err: error }, 'dispatcher round failed'),
    );
    await this.running;
    this.running = null;
  }

  private async round(): Promise<void> {
    const now = this.options.now().getTime();
    if (now - this.settingsAt >= SETTINGS_REFRESH_MS) await this.refreshSettings(now);
    const candidates = this.hosts.filter((host) => {
      const slot = this.slotOf(host._id);
      return !slot.busy && !slot.checking && slot.checkAt <= now && this.crawlable(host, now);
    });
    await Promise.all(candidates.map((host) => this.dispatch(host, now)));
  }

  private async dispatch(host: HostRecord, now: number): Promise<void> {
    const slot = this.slotOf(host._id);
    slot.checking = true;
    try {
      const next = await this.options.store.urls.nextOfHost(host._id, slot.recording);
      if (!next) {
        slot.checkAt = now + RECHECK_MS;
        return;
      }
      const due = Date.parse(next.nextVisitAt);
      if (due > now) {
        slot.checkAt = Math.min(due, now + RECHECK_MS);
        return;
      }
      const chosen = await this.jumpAhead(slot, host._id, next, now);
      slot.jumpedQueue = chosen !== next;
      slot.busy = true;
      this.visits += 1;
      this.options.push({ urlId: chosen._id, url: chosen.url, host: host._id, kind: chosen.kind, visit: this.visits });
    } finally {
      slot.checking = false;
    }
  }

  /** A due fast mover instead of `next`, the host's ordinary URL due soonest — unless the last turn already jumped. */
  private async jumpAhead(slot: HostSlot, host: string, next: StoredUrl, now: number): Promise<StoredUrl> {
    if (next.fastMover || slot.jumpedQueue || slot.fastCheckAt > now) return next;
    const fast = await this.options.store.urls.nextFastMoverOfHost(host, slot.recording);
    const due = fast ? Date.parse(fast.nextVisitAt) : Number.POSITIVE_INFINITY;
    if (fast && due <= now) return fast;
    slot.fastCheckAt = Math.min(due, now + RECHECK_MS);
    return next;
  }

  private crawlable(host: HostRecord, now: number): boolean {
    if (host.paused) return false;
    if (host.backoffUntil && Date.parse(host.backoffUntil) > now) return false;
    const shop = host.shopId ? this.shops.get(host.shopId) : undefined;
    if (!shop) return this.options.crawlsShopless;
    return shop.crawlable && !shop.deleted;
  }

  private async refreshSettings(now: number): Promise<void> {
    const [hosts, shops] = await Promise.all([this.options.store.hosts.find(), this.options.store.shops.find()]);
    this.hosts = hosts;
    this.shops = new Map(shops.map((shop) => [shop._id, shop]));
    this.settingsAt = now;
  }

  private slotOf(host: string): HostSlot {
    let slot = this.slots.get(host);
    if (!slot) {
      slot = { busy: false, checkAt: 0, checking: false, recording: new Set(), jumpedQueue: false, fastCheckAt: 0 };
      this.slots.set(host, slot);
    }
    return slot;
  }
}
