import { PostbackOutcome, type PostbackLogEntry } from '@pc/proto/affiliates/v1/types';
import { DomainError } from '@pc/kit/errors/domain-errors';

/** Bytes of a body kept for inspection: a batch import can be large, a postback is a few hundred bytes. */
export const KEPT_BODY_BYTES = 64 * 1024;

/** A received postback and what became of it (collection `postback_log`). */
export interface PostbackLogRecord {
  /** Starts with the time received: id order is arrival order. */
  readonly _id: string;
  readonly network: string;
  readonly receivedAt: string;
  readonly outcome: PostbackOutcome;
  readonly reason: string;
  readonly transactionIds: readonly string[];
  readonly changed: number;
  readonly bodySize: number;
  /** Base64 of the body's first KEPT_BODY_BYTES. */
  readonly body: string;
  readonly signatureTimestamp: string;
}

/** The refusal reasons the postback check gives (DomainError.reason) and the outcome each is logged as. */
const OUTCOME_OF_REASON: Readonly<Record<string, PostbackOutcome>> = {
  UNKNOWN_NETWORK: PostbackOutcome.POSTBACK_OUTCOME_UNKNOWN_NETWORK,
  BAD_SIGNATURE: PostbackOutcome.POSTBACK_OUTCOME_BAD_SIGNATURE,
  STALE_POSTBACK: PostbackOutcome.POSTBACK_OUTCOME_STALE,
  INACTIVE_ACCOUNT: PostbackOutcome.POSTBACK_OUTCOME_INACTIVE_ACCOUNT,
};

/** Why a postback was refused, as the log keeps it: the outcome and the message the network got. */
export function refusalOf(error: unknown): { outcome: PostbackOutcome; reason: string } {
  if (!(error instanceof DomainError))
    return { outcome: PostbackOutcome.POSTBACK_OUTCOME_FAILED, reason: 'internal error' };
  const byReason = error.reason ? OUTCOME_OF_REASON[error.reason] : undefined;
  if (byReason) return { outcome: byReason, reason: error.message };
  if (error.kind === 'invalid_argument') {
    const fields = error.violations.map((v) => `${v.field}: ${v.reason}`).join('; ');
    return { outcome: PostbackOutcome.POSTBACK_OUTCOME_INVALID, reason: fields || error.message };
  }
  if (error.kind === 'not_found')
    return { outcome: PostbackOutcome.POSTBACK_OUTCOME_UNKNOWN_TRANSACTION, reason: error.message };
  return { outcome: PostbackOutcome.POSTBACK_OUTCOME_FAILED, reason: error.message };
}

/** The log entry as ListPostbacks (without the body) and GetPostback (with it) answer it. */
export function toPostbackMessage(record: PostbackLogRecord, withBody: boolean): PostbackLogEntry {
  return {
    id: record._id,
    network: record.network,
    receivedAt: new Date(record.receivedAt),
    outcome: record.outcome,
    reason: record.reason,
    transactionIds: [...record.transactionIds],
    changed: record.changed,
    bodySize: record.bodySize,
    body: Buffer.from(withBody ? record.body : '', 'base64'),
    signatureTimestamp: record.signatureTimestamp,
  };
}
