/**
 * GetShopPriceStanding's page token (ADR 144): the computation the pages read (a snapshot id) and
 * the last row's gap and product id, opaque to the caller. A position rather than an offset, so
 * that where the snapshot is gone a new computation goes on from the same place, and a product
 * whose gap changed moves without shifting the others.
 */
export interface StandingPosition {
  readonly gapPercent: number;
  readonly productId: string;
}

export interface StandingToken extends StandingPosition {
  /** Empty in a token written before snapshots. */
  readonly snapshotId: string;
}

export function encodeStandingToken(token: StandingToken): string {
  return Buffer.from(JSON.stringify([token.gapPercent, token.productId, token.snapshotId]), 'utf8').toString(
    'base64url',
  );
}

/** null for the first page; throws for a token this call did not write. */
export function decodeStandingToken(token: string): StandingToken | null {
  if (!token) return null;
  const value: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  if (
    !Array.isArray(value) ||
    (value.length !== 2 && value.length !== 3) ||
    typeof value[0] !== 'number' ||
    !Number.isFinite(value[0]) ||
    typeof value[1] !== 'string' ||
    !value[1] ||
    (value.length === 3 && typeof value[2] !== 'string')
  )
    throw new Error('not a price standing token');
  return { gapPercent: value[0], productId: value[1], snapshotId: (value[2] as string | undefined) ?? '' };
}

/** `row` comes after `position` in the order of the biggest gap first, then product id. */
export function isAfter(row: StandingPosition, position: StandingPosition): boolean {
  return (
    row.gapPercent < position.gapPercent ||
    (row.gapPercent === position.gapPercent && row.productId > position.productId)
  );
}
