import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { TransactionStatus } from '@pc/proto/affiliates/v1/types';
import { InvalidArgumentError, UnauthenticatedError, type FieldViolation } from '@pc/kit/errors/domain-errors';
import type { RawReport } from './transaction-input.js';

const SIGNATURE = /^sha256=([0-9a-f]{64})$/;
const TIMESTAMP = /^\d{1,12}$/;
/** Stable reasons of a refusal (the postback log's outcome, the network's error detail). */
const UNKNOWN_NETWORK = { reason: 'UNKNOWN_NETWORK' };
const BAD_SIGNATURE = { reason: 'BAD_SIGNATURE' };

/**
 * Verifies a network's postback before anything of it is read: HMAC-SHA256 with the network's
 * shared secret over "{timestamp}.{raw body}", compared in constant time, and a timestamp within
 * `maxAgeMs` of now (a captured postback cannot be replayed later; a replay within it changes
 * nothing anyway, postbacks being idempotent). Every refusal is UNAUTHENTICATED.
 */
export function verifyPostback(
  secret: string | undefined,
  body: Uint8Array,
  signature: string,
  timestamp: string,
  now: Date,
  maxAgeMs: number,
): void {
  if (!secret)
    throw new UnauthenticatedError('unknown network: no postback secret is configured for it', UNKNOWN_NETWORK);
  const match = SIGNATURE.exec(signature.trim());
  if (!match) throw new UnauthenticatedError('X-Signature must be "sha256=" and 64 hex digits', BAD_SIGNATURE);
  if (!TIMESTAMP.test(timestamp.trim()))
    throw new UnauthenticatedError('X-Signature-Timestamp must be Unix seconds', BAD_SIGNATURE);
  const sentAt = Number(timestamp.trim()) * 1000;
  if (Math.abs(now.getTime() - sentAt) > maxAgeMs)
    throw new UnauthenticatedError('the postback is stale: X-Signature-Timestamp is too far from now', {
      reason: 'STALE_POSTBACK',
    });
  const expected = createHmac('sha256', secret).update(`${timestamp.trim()}.`).update(body).digest();
  if (!timingSafeEqual(expected, Buffer.from(match[1]!, 'hex')))
    throw new UnauthenticatedError('the signature does not match the body', BAD_SIGNATURE);
}

const money = z.object({ amount_minor: z.number().int(), currency: z.string().max(8) });
const item = z.object({
  transaction_id: z.string().max(256),
  click_id: z.string().max(256).optional(),
  shop_id: z.string().max(256).optional(),
  order_value: money,
  commission: money.optional(),
  status: z.enum(['pending', 'confirmed', 'cancelled']),
  ordered_at: z.iso.datetime({ offset: true }).optional(),
});
const batch = z.object({ transactions: z.array(item).min(1).max(1000) });

/** A zod issue's path as the protos name fields: `transactions[1].order_value.currency`. */
const fieldOf = (path: readonly PropertyKey[]) =>
  path.reduce<string>(
    (field, key) => (typeof key === 'number' ? `${field}[${key}]` : field ? `${field}.${String(key)}` : String(key)),
    '',
  );

const STATUS = {
  pending: TransactionStatus.TRANSACTION_STATUS_PENDING,
  confirmed: TransactionStatus.TRANSACTION_STATUS_APPROVED,
  cancelled: TransactionStatus.TRANSACTION_STATUS_DECLINED,
} as const;

/**
 * A verified postback's transactions: one object, or {"transactions": [...]} for an import.
 * Amounts are minor units with their currency; status is pending, confirmed or cancelled.
 */
export function parsePostback(network: string, raw: Uint8Array): RawReport[] {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(raw).toString('utf8'));
  } catch {
    throw new InvalidArgumentError([{ field: 'body', reason: 'must be JSON', rule: 'json' }]);
  }
  const isBatch = typeof json === 'object' && json !== null && 'transactions' in json;
  const parsed = isBatch ? batch.safeParse(json) : item.safeParse(json);
  if (!parsed.success) {
    const violations: FieldViolation[] = parsed.error.issues.map((issue) => ({
      field: fieldOf(issue.path) || 'body',
      reason: issue.message,
      rule: issue.code,
    }));
    throw new InvalidArgumentError(violations);
  }
  const items = 'transactions' in parsed.data ? parsed.data.transactions : [parsed.data];
  return items.map((entry) => ({
    network,
    externalId: entry.transaction_id,
    clickId: entry.click_id ?? '',
    shopId: entry.shop_id ?? '',
    orderValue: { amountMinor: entry.order_value.amount_minor, currency: entry.order_value.currency },
    commission: entry.commission
      ? { amountMinor: entry.commission.amount_minor, currency: entry.commission.currency }
      : undefined,
    status: STATUS[entry.status],
    orderedAt: entry.ordered_at ? new Date(entry.ordered_at) : undefined,
  }));
}

/** Transaction ids a verified body names, read leniently (the log keeps them even for a body that is refused); at most 100. */
export function namedTransactionIds(raw: Uint8Array): string[] {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(raw).toString('utf8'));
  } catch {
    return [];
  }
  const items: unknown[] =
    typeof json === 'object' && json !== null && 'transactions' in json && Array.isArray(json.transactions)
      ? json.transactions
      : [json];
  return items
    .map((entry) =>
      typeof entry === 'object' && entry !== null && 'transaction_id' in entry ? entry.transaction_id : undefined,
    )
    .filter((id): id is string => typeof id === 'string')
    .map((id) => id.slice(0, 256))
    .slice(0, 100);
}
