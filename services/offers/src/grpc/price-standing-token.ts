/**
 * GetShopPriceStanding's page token (ADR 144): the last row's gap and product id, opaque to the
 * caller. A position rather than an offset, so a product whose gap changes between two pages
 * moves without shifting the others.
 */
export interface StandingPosition {
  readonly gapPercent: number;
  readonly productId: string;
}

export function encodeStandingToken(position: StandingPosition): string {
  return Buffer.from(JSON.stringify([position.gapPercent, position.productId]), 'utf8').toString('base64url');
}

/** null for the first page; throws for a token this call did not write. */
export function decodeStandingToken(token: string): StandingPosition | null {
  if (!token) return null;
  const value: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    typeof value[0] !== 'number' ||
    !Number.isFinite(value[0]) ||
    typeof value[1] !== 'string' ||
    !value[1]
  )
    throw new Error('not a price standing token');
  return { gapPercent: value[0], productId: value[1] };
}

/** `row` comes after `position` in the order of the biggest gap first, then product id. */
export function isAfter(row: StandingPosition, position: StandingPosition): boolean {
  return (
    row.gapPercent < position.gapPercent ||
    (row.gapPercent === position.gapPercent && row.productId > position.productId)
  );
}
