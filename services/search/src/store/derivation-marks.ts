import type { Collection, DocumentStore } from '@pc/kit/ports/document-store';

/**
 * Which derivation an index's documents follow, and the pass that derives them again (ADR 141):
 * one record per index in search's document store (`derivations`, id the index's name), beside
 * the side state the documents are derived from (a copy of the indices under another prefix has
 * its own store, so its own marks).
 */
interface DerivationMarkRecord {
  readonly _id: string;
  /** The derivation every document of the index follows; absent: the first. */
  readonly derivation?: number;
  /** An unfinished pass: the derivation it works toward and the last document id it passed. */
  readonly toward?: number;
  readonly after?: string;
  /** The replica running the pass, and until when (epoch ms) it holds it without renewing. */
  readonly holder?: string;
  readonly heldUntil?: number;
}

/** What a replica asking to run a pass is told. */
export type PassClaim =
  /** Every document follows the derivation already. */
  | { readonly state: 'done' }
  /** Another replica runs it, holding it until then (epoch ms). */
  | { readonly state: 'held'; readonly holder: string; readonly until: number }
  /** This replica runs it, from after this id ('' from the first). */
  | { readonly state: 'claimed'; readonly after: string };

export class DerivationMarks {
  private constructor(private readonly marks: Collection<DerivationMarkRecord>) {}

  static async open(store: DocumentStore): Promise<DerivationMarks> {
    return new DerivationMarks(await store.collection<DerivationMarkRecord>({ name: 'derivations' }));
  }

  /** The derivation the index's documents follow (`first` for a store that never recorded one). */
  async derivation(index: string, first: number): Promise<number> {
    return (await this.marks.get(index))?.derivation ?? first;
  }

  /**
   * Claims the pass toward `toward` for `holder` until `now + leaseMs`, unless the index follows it
   * already or another holder's claim has not run out; a claim of a stopped replica runs out, and
   * its progress is kept for the next holder (a pass toward another derivation starts over).
   */
  async claim(
    index: string,
    params: {
      readonly toward: number;
      readonly first: number;
      readonly holder: string;
      readonly now: number;
      readonly leaseMs: number;
    },
  ): Promise<PassClaim> {
    let claim: PassClaim = { state: 'done' };
    await this.marks.update(index, (current) => {
      if ((current?.derivation ?? params.first) >= params.toward) {
        claim = { state: 'done' };
        return null;
      }
      const held = current?.holder !== undefined && current.holder !== params.holder;
      if (held && (current.heldUntil ?? 0) > params.now) {
        claim = { state: 'held', holder: current.holder ?? '', until: current.heldUntil ?? 0 };
        return null;
      }
      const after = current?.toward === params.toward ? (current.after ?? '') : '';
      claim = { state: 'claimed', after };
      return {
        _id: index,
        ...(current?.derivation !== undefined ? { derivation: current.derivation } : {}),
        toward: params.toward,
        after,
        holder: params.holder,
        heldUntil: params.now + params.leaseMs,
      };
    });
    return claim;
  }

  /**
   * Records that the pass passed every document up to `after` and renews the claim; false when
   * `holder` no longer holds it (its claim ran out and another replica took the pass over).
   */
  async advance(
    index: string,
    params: { readonly holder: string; readonly after: string; readonly now: number; readonly leaseMs: number },
  ): Promise<boolean> {
    return this.ifHeld(index, params.holder, (current) => ({
      ...current,
      after: params.after,
      heldUntil: params.now + params.leaseMs,
    }));
  }

  /** Records that every document follows the pass's derivation; false when `holder` no longer holds it. */
  async finish(index: string, holder: string): Promise<boolean> {
    return this.ifHeld(index, holder, (current) => ({ _id: index, derivation: current.toward ?? current.derivation }));
  }

  /** Gives the claim up (its progress kept), so that the next replica to start goes on at once. */
  async release(index: string, holder: string): Promise<void> {
    await this.ifHeld(index, holder, (current) => ({ ...current, heldUntil: 0 }));
  }

  private async ifHeld(
    index: string,
    holder: string,
    change: (current: DerivationMarkRecord) => DerivationMarkRecord,
  ): Promise<boolean> {
    let held = false;
    await this.marks.update(index, (current) => {
      held = current?.holder === holder;
      if (!current || !held) return null;
      const { _version: _stored, ...record } = current;
      return change(record);
    });
    return held;
  }
}
