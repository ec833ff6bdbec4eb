import { randomBytes } from 'node:crypto';
import type { Collection, DocumentStore, Stored } from '@pc/kit/ports/document-store';
import type { CardBehaviour } from './test-cards.js';

/** What the local provider knows beside a Stripe object (Stripe keeps such things to itself). */
export interface LocalInternals {
  /** PaymentMethod: how its test card behaves. */
  readonly behaviour?: CardBehaviour;
  readonly declineError?: { readonly code: string; readonly declineCode: string; readonly message: string };
  /** PaymentIntent: the invoice it collects. Invoice: its PaymentIntent. */
  readonly invoiceId?: string;
  readonly paymentIntentId?: string;
  /** PaymentIntent / SetupIntent waiting for 3-D Secure: the card it authenticates. */
  readonly pendingPaymentMethodId?: string;
  /** Customer: how far its test clock is ahead of the provider's time (local-clocks.ts). */
  readonly clockAdvanceMs?: number;
  /** Invoice: the provider's own charges of it so far (the owner's payments do not count towards the retries). */
  readonly automaticAttempts?: number;
}

/** One Stripe-shaped object with the provider's internals, keyed by its id. */
export interface LocalObject {
  readonly _id: string;
  readonly kind: string;
  /** The object as Stripe's API would return it (the fields billing reads, and a few more). */
  readonly data: Record<string, unknown>;
  readonly internals: LocalInternals;
  /** Indexed references: the customer of an object, the key of an idempotent create. */
  readonly customer: string;
}

/** A webhook event waiting for (or done with) delivery. */
export interface LocalEvent {
  readonly _id: string;
  /** Creation order (delivery goes oldest first, as Stripe mostly does). */
  readonly seq: number;
  readonly delivered: boolean;
  readonly attempts: number;
  /** The JSON body, as signed. */
  readonly body: string;
}

export interface IdempotentCall {
  readonly _id: string;
  readonly objectId: string;
}

/** Stripe-like ids: prefix and 24 random base62-ish characters. */
export function providerId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x').slice(0, 24)}`;
}

/** The local provider's durable state: one embedded document store of its own (not billing's). */
export class LocalState {
  private seq = 0;

  private constructor(
    readonly objects: Collection<LocalObject>,
    readonly events: Collection<LocalEvent>,
    readonly idempotency: Collection<IdempotentCall>,
  ) {}

  static async open(store: DocumentStore): Promise<LocalState> {
    const [objects, events, idempotency] = await Promise.all([
      store.collection<LocalObject>({ name: 'lp_objects', indexes: [{ fields: ['kind', 'customer'] }] }),
      store.collection<LocalEvent>({ name: 'lp_events', indexes: [{ fields: ['delivered', 'seq'] }] }),
      store.collection<IdempotentCall>({ name: 'lp_idempotency' }),
    ]);
    const state = new LocalState(objects, events, idempotency);
    const [last] = await events.find({}, { sort: { seq: -1 }, limit: 1 });
    state.seq = last?.seq ?? 0;
    return state;
  }

  async get(id: string, kind: string): Promise<Stored<LocalObject> | null> {
    const found = await this.objects.get(id);
    return found && found.kind === kind ? found : null;
  }

  async put(kind: string, data: Record<string, unknown>, internals: LocalInternals = {}): Promise<void> {
    const customer = typeof data.customer === 'string' ? data.customer : '';
    await this.objects.put({ _id: String(data.id), kind, data, internals, customer });
  }

  /** Appends a webhook event of `type` carrying a snapshot of `object` (Stripe's v1 event shape). */
  async emit(type: string, object: Record<string, unknown>, createdSeconds: number): Promise<void> {
    this.seq += 1;
    const id = providerId('evt');
    const body = JSON.stringify({
      id,
      object: 'event',
      api_version: 'local',
      created: createdSeconds,
      livemode: false,
      pending_webhooks: 1,
      type,
      data: { object },
    });
    await this.events.put({ _id: id, seq: this.seq, delivered: false, attempts: 0, body });
  }

  /** The object a create with this key made before, if any (Stripe's Idempotency-Key). */
  async remembered(key: string): Promise<string | null> {
    return key ? ((await this.idempotency.get(key))?.objectId ?? null) : null;
  }

  async remember(key: string, objectId: string): Promise<void> {
    if (key) await this.idempotency.put({ _id: key, objectId });
  }
}
